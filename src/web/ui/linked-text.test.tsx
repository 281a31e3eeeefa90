import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { LinkedText } from "./linked-text.tsx";

afterEach(cleanup);

describe("LinkedText", () => {
  it("links the named phrases and keeps every word of the text", () => {
    const text = "I agree to the Terms of Use and the Privacy Policy. Terms of Use again.";
    const { container } = render(
      <p>
        <LinkedText
          text={text}
          links={{
            "Terms of Use": (phrase) => <a href="/terms-of-use">{phrase}</a>,
            "Privacy Policy": (phrase) => <a href="/privacy">{phrase}</a>,
          }}
        />
      </p>,
    );
    expect(container.textContent).toBe(text);
    expect([...container.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual([
      "/terms-of-use",
      "/privacy",
      "/terms-of-use",
    ]);
  });

  it("prefers the longer phrase where two overlap, and treats special characters literally", () => {
    const { container } = render(
      <LinkedText
        text="See Rates and Fees (APR) and Rates."
        links={{ Rates: () => <b>R</b>, "Rates and Fees (APR)": (p) => <i>{p}</i> }}
      />,
    );
    expect(container.querySelector("i")?.textContent).toBe("Rates and Fees (APR)");
    expect(container.querySelectorAll("b")).toHaveLength(1);
  });
});
