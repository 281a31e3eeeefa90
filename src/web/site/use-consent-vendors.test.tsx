import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SiteTracking } from "#domain/contracts/site-tracking.ts";
import { fakeApi } from "#web/api/fake-api.testing.ts";
import { ConsentVendorFields } from "./consent-vendor-fields.tsx";
import { captureConsentVendors, forgetSiteTracking, useConsentVendors, VENDOR_POLL_MS } from "./use-consent-vendors.ts";

const CERT = "https://cert.trustedform.com/0123456789abcdef0123456789abcdef01234567";
const TOKEN = "0A1B2C3D-4E5F-6A7B-8C9D-0E1F2A3B4C5D";
const TF_SCRIPT = "https://api.trustedform.com/trustedform.js?field=xxTrustedFormCertUrl";
const JORNAYA_SCRIPT = "https://create.lidstatic.com/campaign/C1.js?snippet_version=2";

function Probe({ label = "" }: { label?: string }) {
  useConsentVendors();
  return (
    <form aria-label="probe">
      <ConsentVendorFields />
      <p>{label}</p>
    </form>
  );
}

const kept = () => ({
  trustedFormURL: sessionStorage.getItem("trustedFormURL"),
  jornayaLeadId: sessionStorage.getItem("jornayaLeadId"),
});

function serve(data: SiteTracking | undefined) {
  return fakeApi({
    "GET /api/site/tracking": () =>
      data ? { status: 200, body: { status: 200, message: "ok", data } } : { status: 500, body: { status: 500 } },
  });
}

/** Lets the configuration call answer, then moves the clock on. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

const vendorScripts = () => [...document.querySelectorAll<HTMLScriptElement>("script[data-consent-vendor]")];
const fill = (selector: string, value: string) => {
  document.querySelector<HTMLInputElement>(selector)!.value = value;
};

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
  forgetSiteTracking();
  // happy-dom does not fetch scripts; have it report a vendor script as loaded instead of failing.
  (
    window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }
  ).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vendorScripts().forEach((s) => s.remove());
});

describe("useConsentVendors", () => {
  it("loads no script and keeps nothing when no vendor is configured (the default)", async () => {
    serve({ trustedForm: null, jornaya: null });
    render(<Probe />);
    fill("input[name=xxTrustedFormCertUrl]", CERT);
    await advance(5 * VENDOR_POLL_MS);
    expect(vendorScripts()).toHaveLength(0);
    expect(kept()).toEqual({ trustedFormURL: null, jornayaLeadId: null });
    expect(captureConsentVendors()).toEqual({});
  });

  it("loads nothing when the configuration cannot be read", async () => {
    serve(undefined);
    render(<Probe />);
    await advance(3 * VENDOR_POLL_MS);
    expect(vendorScripts()).toHaveLength(0);
  });

  it("loads each configured script once, and polls every second until each field has a value", async () => {
    const api = serve({ trustedForm: { scriptUrl: TF_SCRIPT }, jornaya: { scriptUrl: JORNAYA_SCRIPT } });
    const { rerender } = render(<Probe />);
    rerender(<Probe label="again" />);
    await advance(0);
    expect(vendorScripts().map((s) => s.src)).toEqual([TF_SCRIPT, JORNAYA_SCRIPT]);

    await advance(3 * VENDOR_POLL_MS);
    expect(kept()).toEqual({ trustedFormURL: null, jornayaLeadId: null });

    fill("input[name=xxTrustedFormCertUrl]", CERT);
    await advance(VENDOR_POLL_MS);
    expect(sessionStorage.getItem("trustedFormURL")).toBe(CERT);
    expect(sessionStorage.getItem("jornayaLeadId")).toBeNull();
    // A re-render of the form leaves the vendor's value in its field.
    rerender(<Probe label="re-rendered" />);
    expect(document.querySelector<HTMLInputElement>("input[name=xxTrustedFormCertUrl]")?.value).toBe(CERT);

    fill("#leadid_token", TOKEN);
    await advance(VENDOR_POLL_MS);
    expect(sessionStorage.getItem("jornayaLeadId")).toBe(TOKEN);
    expect(kept()).toEqual({ trustedFormURL: CERT, jornayaLeadId: TOKEN });

    // Both present: polling has stopped, and a later value in the field is not read.
    fill("#leadid_token", "changed");
    await advance(3 * VENDOR_POLL_MS);
    expect(sessionStorage.getItem("jornayaLeadId")).toBe(TOKEN);
    // Asked once per page load, however many forms use the hook.
    render(<Probe />);
    await advance(0);
    expect(api.callsTo("GET", "/api/site/tracking")).toHaveLength(1);
    expect(vendorScripts()).toHaveLength(2);
  });

  it("reads only the configured vendor's field", async () => {
    serve({ trustedForm: null, jornaya: { scriptUrl: JORNAYA_SCRIPT } });
    render(<Probe />);
    fill("input[name=xxTrustedFormCertUrl]", CERT);
    fill("#leadid_token", TOKEN);
    await advance(VENDOR_POLL_MS);
    expect(sessionStorage.getItem("jornayaLeadId")).toBe(TOKEN);
    expect(sessionStorage.getItem("trustedFormURL")).toBeNull();
  });

  it("captures a value written since the last poll when the form leaves the page", async () => {
    serve({ trustedForm: { scriptUrl: TF_SCRIPT }, jornaya: { scriptUrl: JORNAYA_SCRIPT } });
    render(<Probe />);
    await advance(0);
    fill("#leadid_token", TOKEN);
    expect(captureConsentVendors()).toEqual({ jornayaLeadId: TOKEN });
    expect(screen.getByRole("form", { name: "probe" })).toBeTruthy();
  });

  it("reads the fields once more but polls no longer when this tab already holds both values", async () => {
    sessionStorage.setItem("trustedFormURL", CERT);
    sessionStorage.setItem("jornayaLeadId", TOKEN);
    serve({ trustedForm: { scriptUrl: TF_SCRIPT }, jornaya: { scriptUrl: JORNAYA_SCRIPT } });
    render(<Probe />);
    const fresh = CERT.replace("0123", "4567");
    fill("input[name=xxTrustedFormCertUrl]", fresh);
    await advance(VENDOR_POLL_MS);
    expect(sessionStorage.getItem("trustedFormURL")).toBe(fresh);
    fill("input[name=xxTrustedFormCertUrl]", CERT.replace("0123", "8901"));
    await advance(3 * VENDOR_POLL_MS);
    expect(sessionStorage.getItem("trustedFormURL")).toBe(fresh);
  });
});
