import type { ReactNode } from "react";

// The frame of every legal and information page: one h1, an optional "Last updated" line, the text.
export function LegalPage(props: { title: string; updated?: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <article className="legal-page" aria-labelledby="legal-page-title">
      <h1 id="legal-page-title">{props.title}</h1>
      {props.updated ? <p className="legal-page__updated">Last updated: {props.updated}</p> : null}
      {props.intro}
      {props.children}
    </article>
  );
}

/** A numbered or titled part of a legal text, with its own heading for the page outline. */
export function LegalSection(props: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={props.id} aria-labelledby={`${props.id}-title`} className="legal-page__section">
      <h2 id={`${props.id}-title`}>{props.title}</h2>
      {props.children}
    </section>
  );
}
