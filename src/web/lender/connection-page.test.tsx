import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LEAD_ID_KEY } from "#web/session/lead-session.ts";
import FunnelLayout from "#web/funnel/funnel-layout.tsx";
import { savedLead } from "#web/funnel/funnel.testing.tsx";
import { fakeApi } from "#web/api/fake-api.testing.ts";
import LenderConnectionPage from "./connection-page.tsx";

function Landed() {
  const location = useLocation();
  return (
    <p>
      Landed at {location.pathname} with {JSON.stringify(location.state)}
    </p>
  );
}

function renderConnection() {
  sessionStorage.setItem(LEAD_ID_KEY, "L1");
  const Stub = createRoutesStub([
    { Component: FunnelLayout, children: [{ path: "/mapping-lender", Component: LenderConnectionPage }] },
    { path: "*", Component: Landed },
  ]);
  return render(<Stub initialEntries={["/mapping-lender"]} />);
}

const answer = (data: object) => ({ status: 200, body: { status: 200, message: "ok", data } });
const lead = () => savedLead({ loan_amount: 1000, first_name: "Ada", email: "ada@example.com" });

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  sessionStorage.setItem("utm_source", "google");
  sessionStorage.setItem("aff_sub2", "b");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the lender connection screen", () => {
  it("sends the application with its fixed fields and source, waits, and takes an accepted visitor to /redirect", async () => {
    let pings = 0;
    const api = fakeApi({
      "GET /api/personal_loan/lead/v2/L1": lead,
      "POST /api/personal_loan/lead/send/v2": () => answer({ status: 3, lead_id: "L1" }),
      "GET /api/ping/v2": () =>
        ++pings < 2
          ? answer({ status: 3, lead_id: "L1" })
          : answer({ status: 1, lead_id: "L1", redirect_url: "https://lender.example/offer/7" }),
      "POST /api/logs": () => answer({}),
    });
    renderConnection();
    expect(await screen.findByRole("heading", { level: 1, name: "Please do not close this window" })).toBeDefined();
    expect(
      screen.getByText("You are never obligated to accept an offer from a lender we connect you with."),
    ).toBeDefined();

    await screen.findByText(/Landed at \/redirect/);
    expect(screen.getByText(/Landed at/).textContent).toContain('"redirectUrl":"https://lender.example/offer/7"');
    expect(localStorage.getItem("redirectURL")).toBe("https://lender.example/offer/7");
    const [sent] = api.callsTo("POST", "/api/personal_loan/lead/send/v2");
    expect(sent?.body).toMatchObject({
      lead_id: "L1",
      productId: 19,
      price: 0,
      closeConnection: 1,
      consentEmailSms: "YES",
      consentToFcra: "YES",
      utm_source: "google",
      aff_sub2: "b",
    });
    expect(api.callsTo("GET", "/api/ping/v2")[0]?.query.get("utm_source")).toBe("google");
    expect(api.callsTo("POST", "/api/logs").map((c) => (c.body as { event: string }).event)).toContain("ping-answer");
    // No consent-certificate vendor configured (the default): no certificate, no token.
    expect(sent?.body).not.toHaveProperty("trustedFormURL");
    expect(sent?.body).not.toHaveProperty("jornayaLeadId");
  });

  it("sends the TrustedForm certificate and Jornaya token the landing page kept", async () => {
    const cert = "https://cert.trustedform.com/0123456789abcdef0123456789abcdef01234567";
    const token = "0A1B2C3D-4E5F-6A7B-8C9D-0E1F2A3B4C5D";
    sessionStorage.setItem("trustedFormURL", cert);
    sessionStorage.setItem("jornayaLeadId", token);
    const api = fakeApi({
      "GET /api/personal_loan/lead/v2/L1": lead,
      "POST /api/personal_loan/lead/send/v2": () => answer({ status: 3, lead_id: "L1" }),
      "GET /api/ping/v2": () => answer({ status: 3, lead_id: "L1" }),
      "POST /api/logs": () => answer({}),
    });
    renderConnection();
    await waitFor(() => expect(api.callsTo("POST", "/api/personal_loan/lead/send/v2")).toHaveLength(1));
    const [sent] = api.callsTo("POST", "/api/personal_loan/lead/send/v2");
    expect(sent?.body).toMatchObject({ trustedFormURL: cert, jornayaLeadId: token });
  });

  it("takes a declined visitor to the reject page the answer names, and never to a script address", async () => {
    fakeApi({
      "GET /api/personal_loan/lead/v2/L1": lead,
      "POST /api/personal_loan/lead/send/v2": () => answer({ status: 3, lead_id: "L1" }),
      "GET /api/ping/v2": () => answer({ status: 2, lead_id: "L1", rejectUrl: "javascript:alert(1)" }),
    });
    renderConnection();
    expect(await screen.findByText(/Landed at \/reject-page/)).toBeDefined();
  });

  it("offers to try again when the lenders cannot be reached, and a second try can succeed", async () => {
    let sends = 0;
    fakeApi({
      "GET /api/personal_loan/lead/v2/L1": lead,
      "POST /api/personal_loan/lead/send/v2": () =>
        ++sends === 1
          ? { status: 503, body: { status: 503, message: "Busy" } }
          : answer({ status: 1, lead_id: "L1", redirect_url: "https://lender.example/o" }),
    });
    renderConnection();
    fireEvent.click(await screen.findByRole("button", { name: "Try again" }));
    expect(await screen.findByText(/Landed at \/redirect/)).toBeDefined();
    expect(sends).toBe(2);
  });

  it("asks its three questions while waiting; a yes puts the visitor on the question's list", async () => {
    const api = fakeApi({
      "GET /api/personal_loan/lead/v2/L1": lead,
      "POST /api/personal_loan/lead/send/v2": () => answer({ status: 3, lead_id: "L1" }),
      "GET /api/ping/v2": () => new Promise(() => {}),
      "PUT /api/brevo/mapping-step": () => answer({}),
    });
    renderConnection();
    await screen.findByRole("heading", { name: /Do you have more than \$15,000 in unsecured debt\?/ });
    fireEvent.click(screen.getByRole("button", { name: "Yes" }));
    const second = await screen.findByRole("heading", { name: /Would you like to save on auto insurance\?/ });
    expect(document.activeElement).toBe(second);
    fireEvent.click(screen.getByRole("button", { name: "No" }));
    await screen.findByRole("heading", { name: /see your credit score for free/ });
    fireEvent.click(screen.getByRole("button", { name: "Yes" }));
    fireEvent.click(await screen.findByRole("button", { name: "Got it" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Got it" })).toBeNull());
    expect(api.callsTo("PUT", "/api/brevo/mapping-step").map((c) => c.body)).toEqual([
      { lead_id: "L1", listIds: [15, 14] },
      { lead_id: "L1", listIds: [15, 14, 12] },
    ]);
    expect(screen.getByText("Searching amount:").textContent).toContain("$1,000");
  });

  it("sends a visitor without an application in this browser back to the start", async () => {
    fakeApi({});
    const Stub = createRoutesStub([
      { Component: FunnelLayout, children: [{ path: "/mapping-lender", Component: LenderConnectionPage }] },
    ]);
    render(<Stub initialEntries={["/mapping-lender"]} />);
    expect((await screen.findByRole("alert")).textContent).toContain(
      "We could not find your application in this browser.",
    );
  });
});
