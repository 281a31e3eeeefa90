import { Paper, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

// What a screen shows when its read answered with nothing: what is missing, and what to do next (widen the period,
// clear a filter, add the first buyer), never a blank table.
export function EmptyState({ title, hint, action }: { title: string; hint?: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder p="xl" radius="md" role="status">
      <Stack align="center" gap="xs">
        <Text fw={600}>{title}</Text>
        {hint ? (
          <Text c="dimmed" size="sm" ta="center" maw={520}>
            {hint}
          </Text>
        ) : null}
        {action}
      </Stack>
    </Paper>
  );
}
