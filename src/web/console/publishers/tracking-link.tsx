import { Code, Text } from "@mantine/core";
import { CopyText } from "../ui/copy-text.tsx";

/** The whole link to copy, and what a campaign may add to it (docs/product/partners.md#publishers). */
export function TrackingLink({ link }: { link: string }) {
  return (
    <>
      <CopyText label="tracking link" value={link} />
      <Text size="xs" mt="xs">
        Add <Code>?sub1=…&amp;clickid=…</Code> as the campaign needs (<Code>sub1</Code> to <Code>sub5</Code>,{" "}
        <Code>clickid</Code>, <Code>utm_*</Code>).
      </Text>
    </>
  );
}
