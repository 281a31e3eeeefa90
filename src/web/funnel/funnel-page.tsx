import type { ComponentType } from "react";
import { Navigate } from "react-router";
import type { Step } from "#domain/steps/step.ts";
import { stepBySlug, stepTitle } from "#domain/steps/step-table.ts";
import { pageTitle } from "#web/site/page-title.ts";
import { useCurrentStep } from "./current-step.ts";
import { useFunnel, type Funnel } from "./funnel-state.tsx";
import type { ScreenProps } from "./screen-props.ts";

// What every funnel route module (routes/<screen kind>.tsx, one per kind of screen of the step table; see
// src/web/routes.ts) is made of: the page title and the page around the row's screen component. A module
// per kind keeps each screen's code, and the libraries only it uses, in its own chunk, fetched before it is
// needed (the quick start prefetches /lgname; every screen prefetches its next route, step-shell.tsx).

export function meta({ matches }: { matches: readonly ({ id: string } | undefined)[] }) {
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

/** The route component of one kind of screen: the row of the current route, rendered by `Screen`. */
export function funnelRoute(Screen: ComponentType<ScreenProps>) {
  return function FunnelRoute() {
    return <FunnelPage Screen={Screen} />;
  };
}

function FunnelPage({ Screen }: { Screen: ComponentType<ScreenProps> }) {
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
  return <Screen key={step.slug} step={step} />;
}
