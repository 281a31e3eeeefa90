import { Button, Group, Paper, Select, TextInput } from "@mantine/core";
import type { FormEvent } from "react";
import type { Option } from "#domain/options.ts";
import { DayRangeInput } from "./day-range-input.tsx";
import { searchFieldOf, STAGE_OPTIONS, STATUS_OPTIONS, withFilter } from "./leads-search-params.ts";

// The leads screen's filter bar: the search box, status, stage, buyer and source as pick lists, and a period of
// days. Each control reads the address and writes it (leads-search-params.ts); a pick list or a period applies at
// once, the box when it is searched.

type FilterValues = { buyers: { id: string; name: string }[]; sources: string[] };

/** A pick list's options, with the address's own value kept even when the list no longer has it. */
function withCurrent(options: Option<string>[], current: string | null): Option<string>[] {
  return current && !options.some((o) => o.value === current)
    ? [...options, { value: current, label: current }]
    : options;
}

export function LeadsFilterBar({
  params,
  apply,
  values,
  boxError,
}: {
  params: URLSearchParams;
  apply: (next: URLSearchParams) => void;
  /** The pick lists' values; undefined while they load (or when they could not). */
  values: FilterValues | undefined;
  /** The server's word on the search box (a malformed e-mail, say). */
  boxError: string | undefined;
}) {
  const set = (changes: Record<string, string | null>) => apply(withFilter(params, changes));
  const boxValue = params.get("q") ?? params.get("buyer_ref") ?? "";

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get("search") ?? "").trim();
    const field = text ? searchFieldOf(text) : "q";
    set({ q: field === "q" ? text : null, buyer_ref: field === "buyer_ref" ? text : null });
  }

  const buyers = withCurrent(
    (values?.buyers ?? []).map((b) => ({ value: b.id, label: b.name === b.id ? b.id : `${b.name} (${b.id})` })),
    params.get("buyer"),
  );
  const sources = withCurrent(
    (values?.sources ?? []).map((s) => ({ value: s, label: s })),
    params.get("source"),
  );
  const pick = (key: string, label: string, data: Option<string>[], searchable = false) => (
    <Select
      label={label}
      placeholder="Any"
      data={data}
      value={params.get(key)}
      onChange={(value) => set({ [key]: value })}
      searchable={searchable}
      clearable
      nothingFoundMessage="Nothing matches"
      style={{ flex: "1 1 9rem" }}
    />
  );

  return (
    <Paper withBorder p="md" radius="md">
      {/* A new address (a chip removed, "Clear all filters") puts its own text in the box. */}
      <form role="search" aria-label="Search leads" onSubmit={search} key={boxValue}>
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            name="search"
            label="Lead id, e-mail or phone, or a buyer's reference"
            defaultValue={boxValue}
            error={boxError}
            style={{ flex: "3 1 25rem" }}
          />
          <Button type="submit">Search</Button>
          {pick("status", "Status", STATUS_OPTIONS)}
          {pick("stage", "Stage", STAGE_OPTIONS)}
          {pick("buyer", "Buyer", buyers, true)}
          {pick("source", "Source", sources, true)}
          <DayRangeInput
            label={params.get("stage") ? "Stage reached" : "Created"}
            from={params.get("from")}
            to={params.get("to")}
            onChange={(from, to) => set({ from, to })}
            style={{ flex: "1 1 14rem" }}
          />
        </Group>
      </form>
    </Paper>
  );
}
