import { useEffect, useState } from "react";
import { isSuggestionTerm } from "#domain/contracts/lookups.ts";

/** docs/product/validation.md (Suggestions): asked 300 ms after typing stops. */
const SUGGEST_DEBOUNCE_MS = 300;

/**
 * What to offer under a field while the visitor types: `ask` is called with the text 300 ms after the last
 * key, only when `shouldAsk(text)`; an answer for older text is dropped (its request aborted), and a failure
 * offers nothing, silently (docs/product/errors.md: suggestions fail quietly).
 */
export function useSuggestions<T>(
  text: string,
  ask: (text: string, signal: AbortSignal) => Promise<T[]>,
  shouldAsk: (text: string) => boolean,
): T[] {
  const [found, setFound] = useState<{ text: string; items: T[] }>({ text: "", items: [] });
  const wanted = shouldAsk(text);

  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      ask(text, controller.signal).then(
        (items) => setFound({ text, items }),
        () => {
          // Aborted because the text changed, or failed: offer nothing.
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `ask` and `shouldAsk` are the screen's fixed choices; only the text decides when to ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, wanted]);

  return wanted && found.text === text ? found.items : [];
}

/**
 * The name, employer and job title suggestions: for text of 3 to 49 characters, counted as the server counts
 * them (an emoji is one character, not the two a JavaScript string holds).
 */
export const nameLength = isSuggestionTerm;
