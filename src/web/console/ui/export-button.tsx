import { Button } from "@mantine/core";

// Downloads a console CSV export (docs/decisions/0048-console-exports.md): a plain link to the export endpoint with
// the screen's own filters, so the file holds every row those filters give, streamed by the server, not the page on
// screen. The session's cookie goes with it as with any console read; an export changes nothing, so no CSRF token.
export function ExportButton({
  path,
  query,
  label = "Export CSV",
}: {
  /** The export's path under /api/console, e.g. "/leads/export". */
  path: string;
  query: Record<string, string | number | undefined | null>;
  label?: string;
}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  const search = params.toString();
  return (
    <Button component="a" variant="default" href={`/api/console${path}${search ? `?${search}` : ""}`} download>
      {label}
    </Button>
  );
}
