import { useSite } from "#web/site/use-site.ts";

// The Why choose us block of docs/product/overview.md: easy to request, all credit types welcome, secure.
const ICONS = {
  easy: "M9 16.2l-3.5-3.5L4 14.2l5 5 11-11-1.5-1.5z",
  credit: "M3 6h18v12H3zm2 2v2h14V8zm0 5v3h6v-3z",
  secure: "M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5z",
} as const;

// Its cards are the How it works cards (.landing-card), so the page shows one card style.
export function WhyChooseUs() {
  const site = useSite();
  const points = [
    {
      id: "easy",
      title: "Easy to request",
      text: "One short online form, a few minutes of your time, and no paperwork to send. It is free to use.",
    },
    {
      id: "credit",
      title: "All credit types welcome",
      text: "Good, fair or bad credit: lenders in our network consider many kinds of credit history.",
    },
    {
      id: "secure",
      title: "Secure",
      text: `${site.brand.name} sends your information over an encrypted connection and protects what it stores.`,
    },
  ] as const;
  return (
    <section className="landing-section why-choose-us" aria-labelledby="why-choose-us-title">
      <h2 id="why-choose-us-title" className="landing-section__title">
        Why choose us
      </h2>
      <ul className="why-choose-us__list">
        {points.map((point) => (
          <li key={point.id} className="landing-card">
            <span className="landing-card__badge">
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path d={ICONS[point.id]} fill="currentColor" fillRule="evenodd" />
              </svg>
            </span>
            <h3 className="landing-card__title">{point.title}</h3>
            <p>{point.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
