import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatDateTime } from "../time.ts";
import { LedgerCheckView } from "./ledger-check-view.tsx";
import { renderInConsole } from "../console-screen.testing.tsx";

afterEach(cleanup);

const HEAD = { seq: 42, hash: "ab".repeat(32) };
const AT = "2026-11-26T15:00:00.000Z";
const NONE_HANDED_OUT = { checked: 0, contradicted_count: 0, contradicted: [] };

describe("LedgerCheckView", () => {
  it("runs the check when asked and says the chain holds", () => {
    const onCheck = vi.fn();
    renderInConsole(<LedgerCheckView result={undefined} running={false} timeZone="UTC" onCheck={onCheck} />);
    fireEvent.click(screen.getByRole("button", { name: "Check the ledger" }));
    expect(onCheck).toHaveBeenCalledOnce();
    cleanup();
    renderInConsole(
      <LedgerCheckView
        result={{ rows: 42, head: HEAD, broken: null, handed_out: NONE_HANDED_OUT, checked_at: AT }}
        running={false}
        timeZone="UTC"
        onCheck={onCheck}
      />,
    );
    expect(screen.getByRole("status").textContent).toMatch(
      /^The chain holds: 42 rows, head row 42 \(abababababababab…\)/,
    );
  });

  it("names the row where the chain breaks, as an alert", () => {
    renderInConsole(
      <LedgerCheckView
        result={{
          rows: 6,
          head: { seq: 6, hash: "0".repeat(64) },
          broken: { seq: 7, problem: "does not follow the row before" },
          handed_out: NONE_HANDED_OUT,
          checked_at: AT,
        }}
        running={false}
        timeZone="UTC"
        onCheck={() => {}}
      />,
    );
    expect(screen.getByRole("alert").textContent).toBe(
      "The chain breaks at row 7: does not follow the row before. The 6 rows before it hold.",
    );
  });

  it("names each signed head handed out that the chain contradicts: its row, publisher and date", () => {
    const contradicted = {
      head: { seq: 40, hash: "cd".repeat(32), issued_at: "2026-11-01T00:00:05.000Z" },
      key_id: "k1",
      signature: "sig",
      handed_at: "2026-11-01T00:00:05.000Z",
      publisher_id: "acme",
      channel: "statement" as const,
      handed_for: "statement 2026-10",
      problem: "row 40 is no longer the row handed out",
    };
    renderInConsole(
      <LedgerCheckView
        result={{
          rows: 42,
          head: HEAD,
          broken: null,
          handed_out: { checked: 9, contradicted_count: 1, contradicted: [contradicted] },
          checked_at: AT,
        }}
        running={false}
        timeZone="UTC"
        onCheck={() => {}}
      />,
    );
    expect(screen.getByRole("alert").textContent).toBe(
      "The chain contradicts 1 of the 9 signed heads handed to publishers: rows at or before row 40 were rewritten " +
        "after the head was handed out." +
        "Row 40 (cdcdcdcdcdcdcdcd…), handed to acme on " +
        `${formatDateTime(contradicted.handed_at, "UTC")} (statement, statement 2026-10): ` +
        "row 40 is no longer the row handed out.",
    );
  });

  it("says what to do before the first check, and what failed when the check could not run", () => {
    renderInConsole(<LedgerCheckView result={undefined} running={false} timeZone="UTC" onCheck={() => {}} />);
    expect(screen.getByRole("status").textContent).toBe(
      "Not checked yet.The check reads every row and recomputes its digest and its link to the row before; on a large ledger it takes a while.",
    );
    cleanup();
    renderInConsole(
      <LedgerCheckView
        result={undefined}
        running={false}
        failed="Too many requests."
        timeZone="UTC"
        onCheck={() => {}}
      />,
    );
    expect(screen.getByRole("alert").textContent).toBe("Could not check the ledger: Too many requests.");
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("cannot be started twice at once", () => {
    renderInConsole(<LedgerCheckView result={undefined} running timeZone="UTC" onCheck={() => {}} />);
    expect((screen.getByRole("button", { name: "Checking…" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
