import { render } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub, useLocation } from "react-router";
import { SERVER_FIELDS } from "#domain/fields/lead-fields.ts";
import { STEPS } from "#domain/steps/step-table.ts";
import { LEAD_ID_KEY } from "#web/session/lead-session.ts";
import FunnelLayout from "./funnel-layout.tsx";

// The route module of every kind of screen, as src/web/routes.ts routes them.
const ROUTE_MODULES = import.meta.glob<{ default: ComponentType }>("./routes/*.tsx", { eager: true });
const routeComponent = (screen: string) => {
  const module = ROUTE_MODULES[`./routes/${screen}.tsx`];
  if (!module) throw new Error(`No route module for the ${screen} screen`);
  return module.default;
};

/** Where the app went, for a test to read. */
function Landed() {
  return <p>Landed at {useLocation().pathname}</p>;
}

/** A saved lead as the server answers it: every field null unless given (server names). */
export function savedLead(fields: Record<string, unknown> = {}) {
  const contact = { lead_id: "L1", ...Object.fromEntries(SERVER_FIELDS.map((f) => [f, null])), ...fields };
  return { status: 200, body: { status: 200, message: "ok", data: { contact } } };
}

/** The funnel as the app routes it (every row of the step table), opened at `path` with lead L1 kept. */
export function renderFunnel(path: string, options: { lead?: boolean } = {}) {
  if (options.lead !== false) sessionStorage.setItem(LEAD_ID_KEY, "L1");
  const Stub = createRoutesStub([
    {
      Component: FunnelLayout,
      children: STEPS.map((step) => ({ id: step.slug, path: step.path, Component: routeComponent(step.screen) })),
    },
    { path: "/", Component: Landed },
    // The lender connection is its own screen (src/web/lender); here it only shows that the funnel got there.
    { path: "/mapping-lender", Component: Landed },
  ]);
  return render(<Stub initialEntries={[path]} />);
}
