import { Button, Code, Stack, Text } from "@mantine/core";
import { useState } from "react";

// An audit row's details (any JSON the action wrote) as "key: value" lines rather than one line of JSON: the
// first few, each cut to a line, and a button that shows them all, whole.

const FIRST = 3;

const textOf = (value: unknown) =>
  typeof value === "string" ? value : value === null || value === undefined ? "" : JSON.stringify(value);

export function AuditDetails({ details }: { details: Record<string, unknown> }) {
  const [open, setOpen] = useState(false);
  const pairs = Object.entries(details);
  if (pairs.length === 0) return null;
  const long = pairs.length > FIRST || pairs.some(([key, value]) => key.length + textOf(value).length > 60);
  const shown = open ? pairs : pairs.slice(0, FIRST);
  return (
    <Stack gap={0} align="flex-start" maw="28rem">
      <dl style={{ margin: 0, maxWidth: "100%" }}>
        {shown.map(([key, value]) => (
          <Text
            component="div"
            key={key}
            size="xs"
            truncate={open ? undefined : "end"}
            style={{ wordBreak: "break-word" }}
          >
            <Text component="dt" fw={600} size="xs" display="inline">
              {key}:
            </Text>{" "}
            <Text component="dd" size="xs" display="inline" m={0}>
              {typeof value === "object" && value !== null && open ? (
                <Code>{JSON.stringify(value, null, 1)}</Code>
              ) : (
                textOf(value)
              )}
            </Text>
          </Text>
        ))}
      </dl>
      {long ? (
        <Button variant="subtle" size="compact-xs" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? "Show less" : `Show all ${pairs.length}`}
        </Button>
      ) : null}
    </Stack>
  );
}
