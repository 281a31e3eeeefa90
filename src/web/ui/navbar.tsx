import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Link } from "react-router";

export type NavItem = {
  id: string;
  label: string;
  /** A link (external links open in a new tab); otherwise `onSelect` makes it a button. */
  href?: string;
  onSelect?: () => void;
  /** docs/product/screens-and-routes.md: the blog link shows on desktop only. */
  desktopOnly?: boolean;
};

// The site navbar: brand on the left, items on the right from 768 px up; below that a toggle opens them
// as a list (docs/product/screens-and-routes.md). Picking an item closes the list and leaves focus on the toggle, so a
// pop-up opened from the list gives focus back to something visible when it closes.
export function Navbar(props: { logoText: string; items: readonly NavItem[]; variant?: "default" | "alternate" }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onResize = () => {
      if (window.matchMedia("(min-width: 768px)").matches) setOpen(false);
    };
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, [open]);

  const select = (item: NavItem) => {
    if (open) {
      setOpen(false);
      toggleRef.current?.focus({ preventScroll: true });
    }
    item.onSelect?.();
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      setOpen(false);
      toggleRef.current?.focus();
    }
  };

  return (
    <header className={`navbar navbar--${props.variant ?? "default"}`}>
      <div className="navbar__inner" onKeyDown={onMenuKeyDown}>
        <Link to="/" className="navbar__brand">
          {props.logoText}
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="navbar__toggle"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? "Close menu" : "Open menu"}
          onClick={() => setOpen((o) => !o)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            {open ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            )}
          </svg>
        </button>
        <nav id={menuId} aria-label="Main" className={`navbar__menu${open ? " navbar__menu--open" : ""}`}>
          <ul className="navbar__list">
            {props.items.map((item) => (
              <li
                key={item.id}
                className={item.desktopOnly ? "navbar__item navbar__item--desktop-only" : "navbar__item"}
              >
                {item.href ? (
                  <a
                    className="navbar__link"
                    href={item.href}
                    data-nav={item.id}
                    {...(/^https?:/.test(item.href) ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                  >
                    {item.label}
                  </a>
                ) : (
                  <button type="button" className="navbar__link" data-nav={item.id} onClick={() => select(item)}>
                    {item.label}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
