import type { Faq } from "./faqs.tsx";

// In the pop-up each answer sits in a native <details> (opens before JavaScript runs, announced as
// expandable); on the FAQ page every answer is shown under its own heading.
export function FaqList(props: { items: readonly Faq[]; variant: "disclosure" | "expanded" }) {
  if (props.variant === "expanded") {
    return (
      <div className="faq-list faq-list--expanded">
        {props.items.map((item) => (
          <section key={item.id} className="faq-list__item" id={`faq-${item.id}`} aria-labelledby={`faq-${item.id}-q`}>
            <h2 id={`faq-${item.id}-q`} className="faq-list__heading">
              {item.question}
            </h2>
            <div className="faq-list__answer">{item.answer}</div>
          </section>
        ))}
      </div>
    );
  }
  return (
    <div className="faq-list">
      {props.items.map((item) => (
        <details key={item.id} className="faq-list__item">
          <summary className="faq-list__question">{item.question}</summary>
          <div className="faq-list__answer">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
