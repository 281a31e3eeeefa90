import { Badge } from "@mantine/core";

/** Whether a publisher's links count, as a badge with its word (never the colour alone). */
export function PublisherStatus({ enabled }: { enabled: boolean }) {
  return (
    <Badge miw="max-content" color={enabled ? "green" : "gray"} variant="dot">
      {enabled ? "Enabled" : "Disabled"}
    </Badge>
  );
}
