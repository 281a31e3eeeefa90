// Three reassurance badges under each funnel step (docs/product/overview.md). Icons are inline SVG so they cost no
// request and need no image origin in the Content-Security-Policy.
const BADGES = [
  {
    id: "excellent-service",
    label: "Excellent service",
    icon: "M12 3l2.6 5.6 6 .7-4.5 4.1 1.2 6L12 16.5 6.7 19.4l1.2-6L3.4 9.3l6-.7z",
  },
  { id: "reliable-partner", label: "Reliable partner", icon: "M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5z" },
  {
    id: "encryption",
    label: "256 bit encrypting",
    icon: "M7 10V7a5 5 0 0 1 10 0v3h1.5v11h-13V10zm2 0h6V7a3 3 0 0 0-6 0z",
  },
] as const;

export function SecurityBadges() {
  return (
    <ul className="security-badges" aria-label="Why your request is safe with us">
      {BADGES.map((badge) => (
        <li key={badge.id} className="security-badges__item" data-badge={badge.id}>
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
            <path d={badge.icon} fill="currentColor" fillRule="evenodd" />
          </svg>
          <span>{badge.label}</span>
        </li>
      ))}
    </ul>
  );
}
