import { Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

// Every console page opens alike: its name as the one h1, a line on what it shows, and the page's own actions
// (a period, an export, "Add buyer") on the right, wrapping under the title on a narrow window.
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="md" mb="lg" wrap="wrap">
      <Stack gap={4} miw={0}>
        <Title order={1}>{title}</Title>
        {description ? (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? (
        <Group gap="sm" align="flex-end" wrap="wrap">
          {actions}
        </Group>
      ) : null}
    </Group>
  );
}
