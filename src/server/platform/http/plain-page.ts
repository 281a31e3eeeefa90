import { escapeHtml } from "./escape-html.ts";

// A page the server writes itself (a consent certificate, a privacy export, a deletion to confirm): plain
// HTML with no script and no style, so it prints as it reads and needs nothing from outside. `body` is
// HTML the caller has escaped.
export function plainPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>
<body><main>
<h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>`;
}
