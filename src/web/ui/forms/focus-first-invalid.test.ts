import { afterEach, describe, expect, it } from "vitest";
import { focusFirstInvalid } from "./focus-first-invalid.ts";

function form(html: string): HTMLFormElement {
  const element = document.body.appendChild(document.createElement("form"));
  element.innerHTML = html;
  return element;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("focusFirstInvalid", () => {
  it("focuses the first control marked invalid, in page order", () => {
    const f = form(`<input name="a"><input name="b" aria-invalid="true"><input name="c" aria-invalid="true">`);
    focusFirstInvalid(f);
    expect(document.activeElement?.getAttribute("name")).toBe("b");
  });

  it("focuses the Tab stop of a radio group or a date grid marked invalid as a whole", () => {
    const group = form(`
      <div role="radiogroup" aria-invalid="true">
        <div role="radio" tabindex="-1">One</div><div role="radio" tabindex="0">Two</div>
      </div>`);
    focusFirstInvalid(group);
    expect(document.activeElement?.textContent).toBe("Two");
    document.body.innerHTML = "";
    const grid = form(`
      <table role="grid" aria-invalid="true"><tbody><tr>
        <td tabindex="-1">1</td><td tabindex="0">2</td>
      </tr></tbody></table>`);
    focusFirstInvalid(grid);
    expect(document.activeElement?.textContent).toBe("2");
  });

  it("leaves focus where it is when nothing is invalid", () => {
    const f = form(`<input name="a"><button>Next</button>`);
    f.querySelector("button")!.focus();
    focusFirstInvalid(f);
    expect(document.activeElement?.textContent).toBe("Next");
  });
});
