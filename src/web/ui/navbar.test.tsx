import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { Navbar } from "./navbar.tsx";

afterEach(cleanup);

function renderNavbar(onSelect: (id: string) => void) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <Navbar
          logoText="Loanpath"
          items={[
            { id: "blog", label: "Blog", href: "https://blog.example/", desktopOnly: true },
            { id: "faqs", label: "FAQs", onSelect: () => onSelect("faqs") },
          ]}
        />
      ),
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

describe("Navbar", () => {
  it("has a menu toggle that says whether the menu is open", () => {
    renderNavbar(() => {});
    const toggle = screen.getByRole("button", { name: "Open menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(screen.getByRole("button", { name: "Close menu" }).getAttribute("aria-expanded")).toBe("true");
    fireEvent.keyDown(screen.getByRole("button", { name: "Close menu" }), { key: "Escape" });
    expect(screen.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded")).toBe("false");
  });

  it("closes the menu when an item is picked, leaving focus on the toggle, and runs the item", () => {
    const picked: string[] = [];
    renderNavbar((id) => picked.push(id));
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    fireEvent.click(screen.getByRole("button", { name: "FAQs" }));
    expect(picked).toEqual(["faqs"]);
    const toggle = screen.getByRole("button", { name: "Open menu" });
    expect(document.activeElement).toBe(toggle);
  });

  it("marks the blog link desktop-only and opens it in a new tab", () => {
    renderNavbar(() => {});
    const blog = screen.getByRole("link", { name: "Blog" });
    expect(blog.closest("li")?.className).toContain("navbar__item--desktop-only");
    expect(blog.getAttribute("target")).toBe("_blank");
    expect(blog.getAttribute("rel")).toContain("noopener");
  });
});
