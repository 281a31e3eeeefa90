// A small XML reader (and the domain's writer) for buyers that speak XML (docs/decisions/0018-lender-auction.md says why
// it is ours): elements and text only. The reader refuses DOCTYPE and entity declarations outright (no
// external entities, no entity expansion bombs), knows only the five predefined entities and numeric
// character references, ignores attributes, comments and processing instructions, and caps depth and size.

import { XML_NAME } from "#domain/buyers/xml-writer.ts";

export type XmlNode = string | { [name: string]: XmlNode | XmlNode[] };

export { escapeXml, writeXml } from "#domain/buyers/xml-writer.ts";

export class XmlError extends Error {}

const MAX_DEPTH = 32;
const MAX_LENGTH = 256 * 1024;

function decodeText(raw: string): string {
  return raw.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);/g, (_m, code: string) => {
    switch (code) {
      case "amp":
        return "&";
      case "lt":
        return "<";
      case "gt":
        return ">";
      case "quot":
        return '"';
      case "apos":
        return "'";
    }
    const point = code.startsWith("#x") ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
    if (point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff)) throw new XmlError("bad character reference");
    return String.fromCodePoint(point);
  });
}

/**
 * Reads a document into `{ Root: { Child: "text", Repeated: ["a", "b"] } }`. An element with child elements
 * becomes an object (its own text is dropped); one without becomes its text.
 */
export function readXml(input: string): Record<string, XmlNode> {
  if (input.length > MAX_LENGTH) throw new XmlError("document too large");
  if (/<!DOCTYPE|<!ENTITY/i.test(input)) throw new XmlError("DOCTYPE and entity declarations are refused");
  let i = 0;
  type Frame = { name: string; children: Record<string, XmlNode | XmlNode[]>; text: string; hasChildren: boolean };
  const stack: Frame[] = [{ name: "#document", children: {}, text: "", hasChildren: false }];
  const add = (frame: Frame, name: string, node: XmlNode) => {
    frame.hasChildren = true;
    const existing = frame.children[name];
    if (existing === undefined) frame.children[name] = node;
    else if (Array.isArray(existing)) existing.push(node);
    else frame.children[name] = [existing, node];
  };
  while (i < input.length) {
    const lt = input.indexOf("<", i);
    const top = stack[stack.length - 1] as Frame;
    if (lt < 0) {
      if (input.slice(i).trim() && stack.length > 1) throw new XmlError("unclosed element");
      break;
    }
    if (lt > i) top.text += input.slice(i, lt);
    if (input.startsWith("<?", lt)) {
      const end = input.indexOf("?>", lt);
      if (end < 0) throw new XmlError("unclosed processing instruction");
      i = end + 2;
    } else if (input.startsWith("<!--", lt)) {
      const end = input.indexOf("-->", lt);
      if (end < 0) throw new XmlError("unclosed comment");
      i = end + 3;
    } else if (input.startsWith("<![CDATA[", lt)) {
      const end = input.indexOf("]]>", lt);
      if (end < 0) throw new XmlError("unclosed CDATA");
      // CDATA is literal: protect it from entity decoding by decoding now and marking nothing else.
      top.text += input
        .slice(lt + 9, end)
        .replaceAll("&", "&amp;")
        .replaceAll("<", "&lt;");
      i = end + 3;
    } else {
      const gt = input.indexOf(">", lt);
      if (gt < 0) throw new XmlError("unclosed tag");
      const tag = input.slice(lt + 1, gt);
      i = gt + 1;
      if (tag.startsWith("/")) {
        const name = tag.slice(1).trim();
        const frame = stack.pop() as Frame;
        if (stack.length === 0 || frame.name !== name) throw new XmlError(`unexpected </${name}>`);
        const parent = stack[stack.length - 1] as Frame;
        add(parent, name, frame.hasChildren ? frame.children : decodeText(frame.text).trim());
        continue;
      }
      const selfClosing = tag.endsWith("/");
      const name = (selfClosing ? tag.slice(0, -1) : tag).trim().split(/\s+/)[0] ?? "";
      if (!XML_NAME.test(name.replace(/^[\w.-]+:/, ""))) throw new XmlError("bad element name");
      if (selfClosing) add(top, name, "");
      else {
        if (stack.length > MAX_DEPTH) throw new XmlError("nested too deep");
        stack.push({ name, children: {}, text: "", hasChildren: false });
      }
    }
  }
  if (stack.length !== 1) throw new XmlError("unclosed element");
  const root = stack[0] as Frame;
  if (Object.keys(root.children).length !== 1) throw new XmlError("a document has exactly one root element");
  return root.children as Record<string, XmlNode>;
}
