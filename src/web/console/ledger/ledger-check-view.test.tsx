import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LedgerCheckView } from "./ledger-check-view.tsx";

afterEach(cleanup);

const HEAD = { seq: 42, hash: "ab".repeat(32) };
const AT = "2026-11-26T15:00:00.000Z";

describe("LedgerCheckView", () => {
  it("runs the check when asked and says the chain holds", () => {
    const onCheck = vi.fn();
    render(<LedgerCheckView result={undefined} running={false} timeZone="UTC" onCheck={onCheck} />);
    fireEvent.click(screen.getByRole("button", { name: "Check the ledger" }));
    expect(onCheck).toHaveBeenCalledOnce();
    cleanup();
    render(
      <LedgerCheckView
        result={{ rows: 42, head: HEAD, broken: null, checked_at: AT }}
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
    render(
      <LedgerCheckView
        result={{
          rows: 6,
          head: { seq: 6, hash: "0".repeat(64) },
          broken: { seq: 7, problem: "does not follow the row before" },
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

  it("cannot be started twice at once", () => {
    render(<LedgerCheckView result={undefined} running timeZone="UTC" onCheck={() => {}} />);
    expect((screen.getByRole("button", { name: "Checking…" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
