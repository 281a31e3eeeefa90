import { cleanup, screen } from "@testing-library/react";
import jsQR from "jsqr";
import { afterEach, describe, expect, it } from "vitest";
import { AuthenticatorQr } from "./authenticator-qr.tsx";
import { renderInConsole } from "../console-screen.testing.tsx";

afterEach(cleanup);

/** The drawing as a scanner sees it: each module `scale` pixels wide, black on white, RGBA. */
function pixelsOf(svg: SVGElement, scale = 4) {
  const size = Number(svg.getAttribute("viewBox")!.split(" ")[2]);
  const width = size * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y] of svg
    .querySelector("path")!
    .getAttribute("d")!
    .matchAll(/M(\d+) (\d+)/g)) {
    for (let dy = 0; dy < scale; dy++)
      for (let dx = 0; dx < scale; dx++) {
        const at = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        data[at] = data[at + 1] = data[at + 2] = 0;
      }
  }
  return { data, width };
}

describe("the authenticator's QR code", () => {
  it("reads back, with a scanner, as the authenticator address it was drawn from", () => {
    const uri =
      "otpauth://totp/Loanpath%20console:ana%40loanpath.example?secret=JBSWY3DPEHPK3PXP&issuer=Loanpath%20console";
    renderInConsole(<AuthenticatorQr uri={uri} label="QR code of the authenticator address" />);
    const svg = screen.getByRole("img", { name: "QR code of the authenticator address" }) as unknown as SVGElement;
    const { data, width } = pixelsOf(svg);
    expect(jsQR(data, width, width)?.data).toBe(uri);
  });
});
