import { Anchor, Badge, Text } from "@mantine/core";
import { Link } from "react-router";
import type { LeadSearchRow, LeadSearchStatus } from "#domain/contracts/console-leads.ts";
import { formatDateTime } from "../time.ts";
import type { ColumnDef } from "../ui/data-table.tsx";
import { words } from "./leads-search-params.ts";
import { dollars } from "./money.ts";

// The leads table's columns: the search row's fields, nothing more (the export's columns are the same fields).

/** The dot's colour: the words are in the text's own colour, so they pass AA on both schemes whatever the hue. */
const STATUS_COLOURS: Record<LeadSearchStatus, string> = {
  in_progress: "gray",
  completed: "indigo",
  sold: "green",
  rejected: "red",
};

export function LeadStatusBadge({ status }: { status: LeadSearchStatus }) {
  return (
    // The label is never cut: a narrow column wraps its other cells rather than hide the status.
    <Badge color={STATUS_COLOURS[status]} variant="dot" tt="none" fw={600} styles={{ label: { overflow: "visible" } }}>
      {words(status)}
    </Badge>
  );
}

/** A long text (a buyer's rejection reason, a publisher's name) on one line, whole on hover and for a screen reader. */
function Clipped({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Text size="sm" truncate="end" maw="14rem" title={text}>
      {text}
    </Text>
  );
}

/** `leadsSearch`: the list's address, carried to the lead page so its "Back to leads" returns to the same list. */
export function leadColumns(timeZone: string, leadsSearch: string): ColumnDef<LeadSearchRow, unknown>[] {
  return [
    {
      header: "Lead",
      accessorKey: "id",
      cell: ({ row }) => (
        <Anchor component={Link} to={`/console/leads/${row.original.id}`} state={{ leadsSearch }} size="sm">
          {row.original.id}
        </Anchor>
      ),
    },
    {
      header: "Created",
      accessorKey: "created_at",
      cell: ({ row }) => (
        <time dateTime={row.original.created_at} style={{ whiteSpace: "nowrap" }}>
          {formatDateTime(row.original.created_at, timeZone)}
        </time>
      ),
    },
    { header: "Status", accessorKey: "status", cell: ({ row }) => <LeadStatusBadge status={row.original.status} /> },
    {
      header: "Amount",
      accessorKey: "amount",
      meta: { numeric: true },
      cell: ({ row }) => (row.original.amount === null ? "" : `$${row.original.amount.toLocaleString("en-US")}`),
    },
    { header: "State", accessorKey: "state" },
    { header: "Buyer", accessorKey: "buyer" },
    {
      header: "Price",
      accessorKey: "price_cents",
      meta: { numeric: true },
      cell: ({ row }) => dollars(row.original.price_cents),
    },
    { header: "Source", accessorKey: "source" },
    {
      id: "publisher",
      header: "Publisher",
      accessorFn: (row) => row.publisher_name ?? row.publisher_id ?? "",
      cell: ({ getValue }) => <Clipped text={getValue() as string} />,
    },
    {
      id: "reason",
      header: "Reject reason",
      // The stored reason is a sale's note on a sold lead: only a rejection's is this column's.
      accessorFn: (row) => (row.status === "rejected" ? (row.reason ?? "") : ""),
      cell: ({ getValue }) => <Clipped text={getValue() as string} />,
    },
    { id: "buyer_ref", header: "Buyer's reference", accessorFn: (row) => row.buyer_ref ?? "" },
  ];
}
