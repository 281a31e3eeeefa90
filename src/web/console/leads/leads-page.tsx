import { useEffect, useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { LEAD_SEARCH_STATUSES, leadSearchAnswer, type LeadSearchRow } from "#domain/contracts/console-leads.ts";
import { formatDateTime, getJson, type Failure } from "./leads-api.ts";

// /console/leads: search by id, e-mail or phone and filter; every criterion lives in the address, so a report's
// figure can link to the leads behind it (/console/leads?status=sold&source=google&from=...).

const FILTERS = ["q", "from", "to", "status", "buyer", "source"] as const;

export default function LeadsPage() {
  const [params] = useSearchParams();
  const [rows, setRows] = useState<LeadSearchRow[] | undefined>();
  const [next, setNext] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | undefined>();
  const query = params.toString();

  useEffect(() => {
    let live = true;
    void getJson(`/api/console/leads?${query}`, leadSearchAnswer).then((result) => {
      if (!live) return;
      setFailure(result.ok ? undefined : result.failure);
      setRows(result.ok ? result.data.leads : []);
      setNext(result.ok ? result.data.next_cursor : null);
    });
    return () => {
      live = false;
    };
  }, [query]);

  const error = (field: string) => failure?.errors?.[field];
  const nextPage = new URLSearchParams(params);
  if (next) nextPage.set("cursor", next);

  return (
    <main>
      <h1>Leads</h1>
      <Form method="get" role="search" aria-label="Search leads">
        <label>
          Lead id, e-mail or phone
          <input
            name="q"
            defaultValue={params.get("q") ?? ""}
            aria-invalid={error("q") ? true : undefined}
            aria-describedby={error("q") ? "q-error" : undefined}
          />
        </label>
        {error("q") && <p id="q-error">{error("q")}</p>}
        <label>
          From <input type="date" name="from" defaultValue={params.get("from") ?? ""} />
        </label>
        <label>
          To <input type="date" name="to" defaultValue={params.get("to") ?? ""} />
        </label>
        <label>
          Status
          <select name="status" defaultValue={params.get("status") ?? ""}>
            <option value="">Any</option>
            {LEAD_SEARCH_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status.replace("_", " ")}
              </option>
            ))}
          </select>
        </label>
        <label>
          Buyer <input name="buyer" defaultValue={params.get("buyer") ?? ""} />
        </label>
        <label>
          Source <input name="source" defaultValue={params.get("source") ?? ""} />
        </label>
        <button type="submit">Search</button>
        {FILTERS.some((f) => params.get(f)) && <Link to="/console/leads">Clear</Link>}
      </Form>
      {failure && !failure.errors && <p role="alert">{failure.message}</p>}
      {rows && (
        <table>
          <caption>{rows.length === 0 ? "No leads match." : "Leads, newest first"}</caption>
          <thead>
            <tr>
              <th scope="col">Lead</th>
              <th scope="col">Created</th>
              <th scope="col">Status</th>
              <th scope="col">Amount</th>
              <th scope="col">State</th>
              <th scope="col">Buyer</th>
              <th scope="col">Price</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <Link to={`/console/leads/${row.id}`}>{row.id}</Link>
                </td>
                <td>{formatDateTime(row.created_at)}</td>
                <td>{row.status.replace("_", " ")}</td>
                <td>{row.amount === null ? "" : `$${row.amount}`}</td>
                <td>{row.state}</td>
                <td>{row.buyer}</td>
                <td>{row.price_cents === null ? "" : `$${(row.price_cents / 100).toFixed(2)}`}</td>
                <td>{row.source}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {next && <Link to={`/console/leads?${nextPage.toString()}`}>Older leads</Link>}
    </main>
  );
}
