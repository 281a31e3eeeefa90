import { afterEach, describe, expect, it } from "vitest";
import { focusableIn, trapTab } from "./focusable.ts";

afterEach(() => {
  document.body.innerHTML = "";
});

describe("focusableIn", () => {
  it("finds what Tab reaches, skipping disabled, hidden inputs and the inside of closed <details>", () => {
    document.body.innerHTML = `
      <div id="root">
        <button>One</button>
        <button disabled>Off</button>
        <input type="hidden" />
        <details><summary>Q1</summary><a href="#a">hidden link</a></details>
        <details open><summary>Q2</summary><a href="#b">shown link</a></details>
        <span tabindex="-1">not in order</span>
      </div>`;
    const names = focusableIn(document.getElementById("root")!).map((el) => el.textContent);
    expect(names).toEqual(["One", "Q1", "Q2", "shown link"]);
  });
});

describe("trapTab", () => {
  it("wraps from last to first and from first to last, and ignores other keys", () => {
    document.body.innerHTML = `<div id="root"><button>First</button><button>Last</button></div>`;
    const root = document.getElementById("root")!;
    const [first, last] = focusableIn(root);
    let prevented = 0;
    const event = (key: string, shiftKey = false) => ({ key, shiftKey, preventDefault: () => prevented++ });
    last!.focus();
    expect(trapTab(root, event("Tab"))).toBe(true);
    expect(document.activeElement).toBe(first);
    expect(trapTab(root, event("Tab", true))).toBe(true);
    expect(document.activeElement).toBe(last);
    expect(trapTab(root, event("Enter"))).toBe(false);
    expect(prevented).toBe(2);
  });
});
