import { Code, Stack, Text } from "@mantine/core";
import { useWatch } from "react-hook-form";
import type { FieldMap } from "#domain/buyers/buyer-schema.ts";
import { previewRequest, type PreviewBuyer } from "#domain/buyers/request-preview.ts";
import { fieldMapOf } from "./buyer-draft.ts";
import type { BuyerControl } from "./buyer-form-schema.ts";

/** JSON indented for reading; form and XML bodies as sent. */
function readable(body: string, contentType: string): string {
  if (contentType !== "application/json") return body;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

// The request a call's rows build for the console's sample lead (plainly fake), as the auction would encode it in
// the buyer's format, redrawn as the rows change: what a test would send, before anything is saved.
export function RequestPreviewPanel({ control, call }: { control: BuyerControl; call: "ping" | "post" }) {
  const rows = useWatch({ control, name: `config.${call}.fields` });
  const [kind, licensedStates, protocol, xmlRoot, pricing, states] = useWatch({
    control,
    name: [
      "config.kind",
      "config.licensedStates",
      "config.protocol",
      "config.xmlRoot",
      "config.pricing",
      "config.filters.states",
    ],
  });
  const price = Number(pricing.price);
  const buyer = {
    kind,
    licensedStates,
    protocol,
    xmlRoot,
    pricing: pricing.kind === "fixed" && Number.isFinite(price) ? { kind: "fixed", price } : { kind: "bid" },
    filters: states.length ? { states } : {},
  } as PreviewBuyer;
  const preview = previewRequest(
    buyer,
    call,
    rows.map((row) => fieldMapOf(row) as Partial<FieldMap>),
  );
  const title = `${call === "ping" ? "Ping" : "Post"} request preview`;
  return (
    <Stack gap={4} role="region" aria-label={title}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Text size="xs" c="dimmed">
        The body for the sample test lead ({preview.ok ? preview.contentType : protocol}); credentials masked.
      </Text>
      {preview.ok ? (
        <Code block className="buyer-preview" tabIndex={0}>
          {readable(preview.body, preview.contentType)}
        </Code>
      ) : (
        <Text size="sm" c="var(--mantine-color-error)">
          Cannot build it yet: {preview.problem}
        </Text>
      )}
    </Stack>
  );
}
