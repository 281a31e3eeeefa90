import { useCallback, useEffect, useState } from "react";
import { REJECT_PAGE_PATH } from "#domain/client-routes.ts";
import type { LeadStatusData } from "#domain/contracts/lead-send.ts";
import { addToInterstitialLists, pingLead, sendClientLog, sendLeadToLenders, type ApiResult } from "#web/api/api.ts";
import { readAttribution } from "#web/site/attribution.ts";
import { readVendorEvidence } from "#web/site/vendor-evidence.ts";
import { awaitLenderDecision, type LenderAnswer, type LenderOutcome } from "./await-lender-decision.ts";
import { finalSubmission } from "./final-submission.ts";
import { saveRedirectAddress, safeRedirectAddress } from "./redirect-address.ts";

/** Where an accepted visitor waits the spec's 2 s before the lender's page (docs/product/screens-and-routes.md). */
const REDIRECT_PAGE_PATH = "/redirect";

type Destination = { to: string; external: boolean };

export type LenderDecision =
  | { state: "waiting" | "sent"; addToLists: (listIds: number[]) => void }
  | {
      state: "decided";
      destination: Destination;
      navigationState: { redirectUrl?: string } | undefined;
      addToLists: (listIds: number[]) => void;
    }
  | { state: "failed"; retry: () => void; addToLists: (listIds: number[]) => void };

function toLenderAnswer(result: ApiResult<LeadStatusData>): LenderAnswer {
  const data = result.data;
  if (!result.ok || !data) return { ok: false, httpStatus: result.status, message: result.message };
  if (data.status === 1 && data.redirect_url) return { ok: true, status: 1, redirectUrl: data.redirect_url };
  if (data.status === 2) return { ok: true, status: 2, rejectUrl: data.rejectUrl };
  return { ok: true, status: 3 };
}

/** A path of this site ("/reject-page"), not a protocol-relative address ("//elsewhere"). */
const isSitePath = (url: string | undefined): url is string => url !== undefined && /^\/(?![/\\])/.test(url);

/** A reject address the browser may follow: this site's own path, or a buyer's http(s) page. */
function rejectDestination(rejectUrl: string | undefined): Destination {
  if (isSitePath(rejectUrl)) return { to: rejectUrl, external: false };
  const external = safeRedirectAddress(rejectUrl);
  return external ? { to: external, external: true } : { to: REJECT_PAGE_PATH, external: false };
}

function destinationOf(outcome: Exclude<LenderOutcome, { kind: "failed" }>) {
  if (outcome.kind === "accepted") {
    // A buyer that accepts without an offer page of its own is sent to this site's congratulations page.
    if (isSitePath(outcome.redirectUrl)) {
      return { destination: { to: outcome.redirectUrl, external: false }, navigationState: undefined };
    }
    saveRedirectAddress(outcome.redirectUrl);
    return {
      destination: { to: REDIRECT_PAGE_PATH, external: false },
      navigationState: { redirectUrl: outcome.redirectUrl },
    };
  }
  if (outcome.kind === "rejected")
    return { destination: rejectDestination(outcome.rejectUrl), navigationState: undefined };
  return { destination: { to: REJECT_PAGE_PATH, external: false }, navigationState: undefined };
}

/**
 * Sends the visitor's application to the lenders once the screen has painted (a zero-delay timer, as the spec
 * has it) and waits for their answer (await-lender-decision.ts). The answers and any failure go to the client
 * log; a failure can be retried, which the server answers with the same auction.
 */
export function useLenderDecision(leadId: string): LenderDecision {
  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<
    | { state: "waiting" | "sent" }
    | { state: "decided"; destination: Destination; navigationState: { redirectUrl?: string } | undefined }
    | { state: "failed" }
  >({ state: "waiting" });

  useEffect(() => {
    let cancelled = false;
    const attribution = readAttribution();
    const timer = setTimeout(() => {
      void awaitLenderDecision(
        {
          send: async () => {
            // Read at sending time: a certificate that arrived while this screen painted still goes.
            const submission = finalSubmission(leadId, attribution, readVendorEvidence());
            const answer = toLenderAnswer(await sendLeadToLenders(submission));
            if (!cancelled) setPhase({ state: "sent" });
            return answer;
          },
          ping: async () => toLenderAnswer(await pingLead({ lead_id: leadId, utm_source: attribution.utm_source })),
          now: () => performance.now(),
          sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
          onAnswer: (call, answer) =>
            sendClientLog({
              lead_id: leadId,
              event: `${call}-answer`,
              level: answer.ok ? "info" : "warn",
              data: answer.ok ? { status: answer.status } : { httpStatus: answer.httpStatus },
            }),
        },
        () => cancelled,
      ).then((outcome) => {
        if (cancelled) return;
        if (outcome.kind === "failed") setPhase({ state: "failed" });
        else setPhase({ state: "decided", ...destinationOf(outcome) });
      });
    }, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [leadId, attempt]);

  const retry = useCallback(() => {
    setPhase({ state: "waiting" });
    setAttempt((a) => a + 1);
  }, []);
  const addToLists = useCallback((listIds: number[]) => void addToInterstitialLists(leadId, listIds), [leadId]);

  if (phase.state === "failed") return { state: "failed", retry, addToLists };
  return { ...phase, addToLists };
}
