import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CopyrightLine } from "./copyright-line.tsx";
import { PrivacySignalNotice } from "./privacy-signal-notice.tsx";
import { SecurityBadges } from "./security-badges.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("funnel chrome", () => {
  it("shows the three security badges of docs/product/overview.md", () => {
    render(<SecurityBadges />);
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Excellent service",
      "Reliable partner",
      "256 bit encrypting",
    ]);
  });

  it("shows the copyright line with the configured year and brand", () => {
    render(<CopyrightLine />);
    expect(screen.getByText("© 2024 Loanpath. All rights reserved.")).toBeTruthy();
  });

  it("tells a visitor whose browser sends Global Privacy Control that it is honoured, and no one else", () => {
    vi.stubGlobal("navigator", { ...navigator, globalPrivacyControl: false });
    const { container, rerender } = render(<PrivacySignalNotice />);
    expect(container.textContent).toBe("");
    vi.stubGlobal("navigator", { ...navigator, globalPrivacyControl: true });
    rerender(<PrivacySignalNotice key="gpc" />);
    expect(screen.getByRole("note").textContent).toMatch(/Global Privacy Control signal, and we honour it/);
  });
});
