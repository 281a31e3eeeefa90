import { SimpleGrid } from "@mantine/core";
import { LINE_TYPES, type CheckAnswer } from "#domain/screening/quality-checks.ts";
import { ConsoleMultiSelectField } from "../form-fields.tsx";
import { BuyerCheckbox } from "./buyer-controls.tsx";
import { QUALITY_DEMANDS } from "./buyer-draft.ts";
import type { BuyerControl } from "./buyer-form-schema.ts";

type LineType = Exclude<CheckAnswer<"phone_line_type">, "unknown">;

export const LINE_TYPE_LABELS: Record<LineType, string> = {
  mobile: "Mobile",
  landline: "Landline",
  voip: "VoIP",
  toll_free: "Toll-free",
  other: "Other",
};
const LINE_TYPE_OPTIONS = LINE_TYPES.map((type) => ({ value: type, label: LINE_TYPE_LABELS[type as LineType] }));

export const DEMAND_LABELS: Record<(typeof QUALITY_DEMANDS)[number], string> = {
  emailDeliverable: "E-mail's domain receives mail",
  noDisposableEmail: "No disposable e-mail",
  noRoleEmail: "No role mailbox (info@, admin@)",
  noVelocityFlag: "Not flagged for velocity",
  addressMatch: "Zip, city and state agree",
  certificateVerified: "Consent certificate verified",
};

// A buyer's demands on the gate's answers (docs/product/screening.md#what-buyers-see), `filters.quality`: the line
// types it takes and the answers it insists on. Nothing chosen and nothing ticked is no demand, and the filter is left
// unset (buyer-draft.ts); the schema that checks the JSON view checks these too.
export function QualityDemands({ control }: { control: BuyerControl }) {
  return (
    <>
      <ConsoleMultiSelectField
        control={control}
        name="config.filters.quality.phoneLineTypes"
        label="Line types"
        description="Only phones of these kinds; any line when none is chosen"
        options={LINE_TYPE_OPTIONS}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {QUALITY_DEMANDS.map((demand) => (
          <BuyerCheckbox
            key={demand}
            control={control}
            name={`config.filters.quality.${demand}`}
            label={DEMAND_LABELS[demand]}
          />
        ))}
      </SimpleGrid>
      <BuyerCheckbox
        control={control}
        name="config.filters.quality.unknownPasses"
        label="A lead whose answer is unknown passes"
        description="A check answers unknown when its service is off, slow or failing"
      />
    </>
  );
}
