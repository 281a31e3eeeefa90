// What a client log may keep (docs/product/security-and-privacy.md): the browser's diagnostics, never who the
// visitor is. Free text cannot be searched for names and street addresses, so nothing is kept by default:
//
// - data keeps only the keys listed below, whose values say how a call went, never who made it; any other
//   key goes, with its value (a key is free text too), and `removed` says how many went;
// - the event and the kept text values are names or codes ("ping-answer", "timeout"), kept only when they
//   look like one (words of letters and digits joined by - _ . : /, the first in lower case or a digit, no
//   spaces): a sentence, or a capitalised word, which may name a person, is replaced;
// - whatever is kept loses any long run of digits, whatever separates them (spaces, dashes of any kind,
//   slashes, underscores, dots), in any script's digits. (An e-mail address is no code: it never gets this far.)

/** The data keys a client log keeps; a new diagnostic is added here, on purpose. */
const KEPT_KEYS = new Set(["status", "httpStatus", "step", "attempt", "elapsedMs"]);

const CODE = /^[a-z0-9][a-zA-Z0-9]*(?:[-_.:/][a-zA-Z0-9]+)*$/;
// Seven digits or more (a phone, an SSN, an account or card number), with up to three of anything that is
// neither a letter nor a digit between them: "512_31_1001", "512/31/1001", "4400–1234–5678", "５１２ ３１".
const DIGITS = /\p{Nd}(?:[^\p{L}\p{Nd}]{0,3}\p{Nd}){6,}/gu;

const REMOVED = "[removed]";

const scrub = (text: string) => text.replace(DIGITS, "[number]");
const keptText = (text: string) => (CODE.test(text) ? scrub(text) : REMOVED);

function keptValue(value: unknown): unknown {
  if (typeof value === "string") return keptText(value);
  if (typeof value === "number") return scrub(String(value)) === String(value) ? value : "[number]";
  if (typeof value === "boolean" || value === null) return value;
  return REMOVED;
}

/** A client event as it may be stored. */
export function stripPersonalData(event: string, data?: Record<string, unknown>) {
  const kept = data && Object.entries(data).filter(([key]) => KEPT_KEYS.has(key));
  const removed = data ? Object.keys(data).length - (kept?.length ?? 0) : 0;
  return {
    event: keptText(event),
    data: kept && {
      ...Object.fromEntries(kept.map(([key, value]) => [key, keptValue(value)])),
      ...(removed > 0 ? { removed } : {}),
    },
  };
}
