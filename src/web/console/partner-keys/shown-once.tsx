import { Code, Paper, Text, Title } from "@mantine/core";

// A secret or key the server shows this once: said so, and easy to select and copy.
export function ShownOnce({ title, value }: { title: string; value: string }) {
  return (
    <Paper
      component="section"
      aria-label={title}
      withBorder
      p="md"
      my="md"
      radius="md"
      style={{ borderColor: "var(--mantine-color-yellow-outline)", borderWidth: 2 }}
    >
      <Title order={3} size="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed" my="xs">
        Copy it now: it is not shown again.
      </Text>
      <Code display="block" p="sm" fz="sm" className="console-wrap">
        {value}
      </Code>
    </Paper>
  );
}
