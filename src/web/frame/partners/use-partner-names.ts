import { useEffect, useState } from "react";
import { fetchPartnerNames } from "#web/api/api.ts";
import { useSite } from "#web/site/use-site.ts";

// The partner names are the server's (GET /api/partners), asked each time a list is shown. Until it answers,
// the site configuration's names stand in: they are what the server answers when no partner service is
// configured, and what the prerendered /partners page carries. A failure ends in no names at all, never in
// names the server did not give (docs/decisions/0023-partner-list.md).
export function usePartnerNames(shown: boolean): { names: readonly string[]; loading: boolean } {
  const site = useSite();
  const [answered, setAnswered] = useState<readonly string[]>();
  useEffect(() => {
    if (!shown) return;
    const controller = new AbortController();
    // A rejection is only the abort below: the list is no longer shown.
    fetchPartnerNames(controller.signal).then(setAnswered, () => {});
    return () => controller.abort();
  }, [shown]);
  return { names: answered ?? site.partners, loading: answered === undefined };
}
