// Writing XML for buyers that speak it (docs/decisions/0018-lender-auction.md says why it is ours): elements and
// text only. Pure, so the console's buyer form can preview a request exactly as the auction writes it; the reader
// (src/server/distribution/auction/xml.ts) stays with the server.

/** An element name the writer and the reader accept. */
export const XML_NAME = /^[A-Za-z_][\w.-]*$/;

export function escapeXml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

/** Writes a tree of nested objects (keys are element names) as a document with one root element. */
export function writeXml(root: string, tree: Record<string, unknown>): string {
  const element = (name: string, value: unknown): string => {
    if (!XML_NAME.test(name)) throw new Error(`not an XML element name: ${name}`);
    if (value !== null && typeof value === "object") {
      const inner = Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => element(k, v))
        .join("");
      return `<${name}>${inner}</${name}>`;
    }
    return `<${name}>${escapeXml(value === null || value === undefined ? "" : String(value))}</${name}>`;
  };
  return `<?xml version="1.0" encoding="UTF-8"?>${element(root, tree)}`;
}
