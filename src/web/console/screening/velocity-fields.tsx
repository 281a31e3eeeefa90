import { Box, Fieldset, Stack, Text } from "@mantine/core";
import { useWatch } from "react-hook-form";
import { VELOCITY_KEYS, type VelocityKey } from "#domain/screening/quality-checks.ts";
import { ConsoleNumberField } from "../form-fields.tsx";
import type { RulesControl } from "./rules-form-schema.ts";
import { VELOCITY_KEY_LABELS, windowText } from "./screening-labels.ts";

/** The limit as a sentence, from what its fields hold now: "At most 20 in 1 hour; one more is flagged." */
function LimitLine({ control, velocityKey }: { control: RulesControl; velocityKey: VelocityKey }) {
  const { limit, windowMinutes } = useWatch({ control, name: `velocity.${velocityKey}` });
  const most = Number(limit);
  const minutes = Number(windowMinutes);
  if (!Number.isInteger(most) || !Number.isInteger(minutes) || most < 1 || minutes < 1) return null;
  return (
    <Text size="xs" c="dimmed">
      At most {most.toLocaleString("en-US")} in {windowText(minutes)}; one more is flagged.
    </Text>
  );
}

// The velocity limits (docs/product/screening.md#velocity): for each of device, IP, phone and e-mail, the most
// applications in a window of minutes; one more is flagged, and the rules say what a flag does.
export function VelocityFields({ control }: { control: RulesControl }) {
  return (
    // As many fieldsets a row as the width holds, without a media query.
    <Box
      style={{
        display: "grid",
        gridTemplateColumns: "repeat(auto-fill, minmax(14rem, 1fr))",
        gap: "var(--mantine-spacing-md)",
      }}
    >
      {VELOCITY_KEYS.map((key) => (
        <Fieldset key={key} legend={VELOCITY_KEY_LABELS[key]} miw={0}>
          <Stack gap="xs">
            <ConsoleNumberField control={control} name={`velocity.${key}.limit`} label="Most applications" min={1} />
            <ConsoleNumberField
              control={control}
              name={`velocity.${key}.windowMinutes`}
              label="Window (minutes)"
              min={1}
            />
            <LimitLine control={control} velocityKey={key} />
          </Stack>
        </Fieldset>
      ))}
    </Box>
  );
}
