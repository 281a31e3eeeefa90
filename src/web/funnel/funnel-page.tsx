import { Navigate } from "react-router";
import type { Step } from "#domain/steps/step.ts";
import { stepBySlug, stepTitle } from "#domain/steps/step-table.ts";
import { pageTitle } from "#web/site/page-title.ts";
import type { Route } from "./+types/funnel-page";
import { useCurrentStep } from "./current-step.ts";
import { useFunnel, type Funnel } from "./funnel-state.tsx";
import { SCREENS } from "./screens/screens.ts";

// One page module for every row of the step table (src/web/routes.ts gives each row a route whose id is
// its slug); it renders the screen component of the row's `screen`. Every screen is in this one module,
// so the whole funnel arrives with its first screen: the quick start prefetches it, and each screen
// prefetches its next route besides (PrefetchPageLinks in step-shell.tsx).

export function meta({ matches }: Route.MetaArgs) {
  const step = stepBySlug(matches.at(-1)?.id ?? "");
  // No first name in the title: titles end up in history and tab lists.
  return [{ title: pageTitle(step ? stepTitle(step, {}) : undefined) }];
}

/**
 * Whether a screen can open: the legal name and e-mail screens need the quick start's temporary contact
 * or a lead; every other screen needs the visitor's lead.
 */
function canOpen(step: Step, funnel: Funnel): boolean {
  if (funnel.leadId) return true;
  return step.resumable === false && funnel.temporary !== undefined;
}

export default function FunnelPage() {
  const step = useCurrentStep();
  const funnel = useFunnel();
  if (!step) return null;
  if (funnel.status === "loading") {
    return (
      <p className="step-status" role="status">
        Loading your answers…
      </p>
    );
  }
  if (funnel.status === "failed") {
    return (
      <div className="step-status" role="alert">
        <p>We could not load your answers. Please check your connection.</p>
        <button type="button" className="button button--primary button--inline" onClick={funnel.reload}>
          Try again
        </button>
      </div>
    );
  }
  // A visitor without a lead (none yet, or it is gone) starts at the quick start.
  if (!canOpen(step, funnel)) return <Navigate to="/" replace />;
  const Screen = SCREENS[step.screen];
  return <Screen key={step.slug} step={step} />;
}
