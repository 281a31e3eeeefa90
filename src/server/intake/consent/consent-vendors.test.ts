import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { loadConfig } from "../../platform/config/config.ts";
import { pageCsp } from "../../platform/plugins/security-headers.ts";
import { keptVendorEvidence } from "./vendor-evidence.ts";

// TrustedForm and Jornaya are off by default (docs/decisions/0022-consent-certificates-vendors.md): without
// configuration the pages' policy is exactly the strict one of docs/decisions/0005; with it, exactly the
// vendors' origins are added, in script-src, connect-src and img-src only.

const TF_SCRIPT = "https://api.trustedform.com/trustedform.js?field=xxTrustedFormCertUrl";
const VENDORS = { TRUSTEDFORM_SCRIPT_URL: TF_SCRIPT, JORNAYA_CAMPAIGN_ID: "CAMPAIGN-1" };
const CERT = "https://cert.trustedform.com/0123456789abcdef0123456789abcdef01234567";
const TOKEN = "0A1B2C3D-4E5F-6A7B-8C9D-0E1F2A3B4C5D";

/** Today's policy for a page with no inline script, written out: "off" must keep it to the byte. */
const STRICT =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
const VENDOR_ORIGINS =
  "https://api.trustedform.com https://cdn.trustedform.com https://create.lidstatic.com https://*.leadid.com";

let dir: string;
const apps: TestApp[] = [];

async function appWith(env: Record<string, string>) {
  const t = await createTestApp({ WEB_BUILD_DIR: dir, ...env });
  apps.push(t);
  return t;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "loanpath-vendors-"));
  await writeFile(path.join(dir, "index.html"), "<!doctype html><html><body><form>quick start</form></body></html>");
});

afterEach(async () => {
  for (const t of apps.splice(0)) await t.app.close();
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("consent-certificate vendors, off by default", () => {
  it("leave the page policy exactly as strict as without them, and name no script", async () => {
    const t = await appWith({});
    const page = await t.app.inject({ method: "GET", url: "/" });
    expect(page.headers["content-security-policy"]).toBe(STRICT);
    expect(pageCsp([], false)).toBe(STRICT);
    const tracking = await t.app.inject({ method: "GET", url: "/api/site/tracking" });
    expect(tracking.json()).toEqual({ status: 200, message: "ok", data: { trustedForm: null, jornaya: null } });
  });

  it("when configured, add exactly the vendors' origins to script-src, connect-src and img-src", async () => {
    const t = await appWith(VENDORS);
    const page = await t.app.inject({ method: "GET", url: "/" });
    expect(page.headers["content-security-policy"]).toBe(
      STRICT.replace("script-src 'self'", `script-src 'self' ${VENDOR_ORIGINS}`)
        .replace("img-src 'self' data:", `img-src 'self' data: ${VENDOR_ORIGINS}`)
        .replace("connect-src 'self'", `connect-src 'self' ${VENDOR_ORIGINS}`),
    );
    // API answers keep their own policy: nothing loads from them either way.
    const tracking = await t.app.inject({ method: "GET", url: "/api/site/tracking" });
    expect(tracking.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(tracking.json().data).toEqual({
      trustedForm: { scriptUrl: TF_SCRIPT },
      jornaya: { scriptUrl: "https://create.lidstatic.com/campaign/CAMPAIGN-1.js?snippet_version=2" },
    });
  });

  it("with TrustedForm only, add TrustedForm's origins and nothing of Jornaya's", async () => {
    const t = await appWith({ TRUSTEDFORM_SCRIPT_URL: TF_SCRIPT });
    const csp = (await t.app.inject({ method: "GET", url: "/" })).headers["content-security-policy"];
    expect(csp).toContain("script-src 'self' https://api.trustedform.com https://cdn.trustedform.com;");
    expect(csp).not.toContain("lidstatic");
    expect(csp).not.toContain("leadid");
  });
});

describe("keptVendorEvidence", () => {
  const on = loadConfig(VENDORS).consentVendors;

  it("keeps a certificate URL on the certificate host and a LeadiD token, trimmed", () => {
    expect(keptVendorEvidence({ trustedFormURL: ` ${CERT} `, jornayaLeadId: ` ${TOKEN}` }, on)).toEqual({
      trustedFormURL: CERT,
      jornayaLeadId: TOKEN,
    });
  });

  it("drops what is not the vendor's own shape", () => {
    for (const url of [
      CERT.replace("https:", "http:"),
      CERT.replace("cert.trustedform.com", "cert.trustedform.com.evil.example"),
      CERT.replace("cert.trustedform.com", "evil.example"),
      `${CERT}?x=1`,
      `${CERT}/more`,
      CERT.replace("https://", "https://user@"),
      CERT.replace("cert.trustedform.com", "cert.trustedform.com:8443"),
      "javascript:alert(1)",
    ]) {
      expect(keptVendorEvidence({ trustedFormURL: url }, on), url).toEqual({});
    }
    for (const token of ["not-a-token", `${TOKEN}0`, TOKEN.replaceAll("-", ""), `${TOKEN}<script>`]) {
      expect(keptVendorEvidence({ jornayaLeadId: token }, on), token).toEqual({});
    }
  });

  it("keeps nothing from a vendor this server is not configured with", () => {
    const off = loadConfig({}).consentVendors;
    expect(keptVendorEvidence({ trustedFormURL: CERT, jornayaLeadId: TOKEN }, off)).toEqual({});
  });

  it("takes the configured certificate host instead of TrustedForm's", () => {
    const own = loadConfig({ ...VENDORS, TRUSTEDFORM_CERT_HOST: "certs.example.com" }).consentVendors;
    const url = CERT.replace("cert.trustedform.com", "certs.example.com");
    expect(keptVendorEvidence({ trustedFormURL: url }, own)).toEqual({ trustedFormURL: url });
    expect(keptVendorEvidence({ trustedFormURL: CERT }, own)).toEqual({});
  });
});
