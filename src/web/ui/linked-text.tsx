import { Fragment, type ReactNode } from "react";

// Renders a fixed text (e.g. a versioned consent text of src/domain/consent.ts, whose exact wording is
// evidence) with some of its phrases turned into links or buttons, without changing a word of it.
export function LinkedText(props: { text: string; links: Readonly<Record<string, (phrase: string) => ReactNode>> }) {
  const phrases = Object.keys(props.links).sort((a, b) => b.length - a.length);
  if (phrases.length === 0) return <>{props.text}</>;
  const pattern = new RegExp(`(${phrases.map(escapeRegExp).join("|")})`, "g");
  return (
    <>
      {props.text.split(pattern).map((part, index) => {
        const render = index % 2 === 1 ? props.links[part] : undefined;
        return <Fragment key={index}>{render ? render(part) : part}</Fragment>;
      })}
    </>
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
