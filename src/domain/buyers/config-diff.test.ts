import { describe, expect, it } from "vitest";
import { changedPaths, changedSettings } from "./config-diff.ts";

/** A buyer as a row or a version may hold it: only what was typed, no defaults. */
const stored = {
  id: "acme",
  name: "Acme",
  kind: "lead_buyer",
  mode: "direct_post",
  protocol: "json",
  post: {
    url: "https://acme.example/post",
    fields: [{ to: "email", from: "email" }],
    answer: { success: { path: "ok", equals: [true] } },
  },
  pricing: { kind: "fixed", price: 5 },
};

describe("changedSettings", () => {
  it("compares settings as in force: a default left unset is not a change", () => {
    const saved = { ...stored, name: "Acme Lending", shadow: false, returns: { window_days: 7, cap_percent: 10 } };
    expect(changedPaths(stored, saved)).toEqual(["name", "returns", "shadow"]);
    expect(changedSettings(stored, saved)).toEqual(["name"]);
  });

  it("still names a setting moved away from its default", () => {
    expect(changedSettings(stored, { ...stored, returns: { window_days: 14 } })).toEqual(["returns.window_days"]);
  });

  it("names a publisher list added, and then the entry changed in it", () => {
    const deny = { mode: "deny", entries: [{ affId: "cheapclicks" }] };
    const withList = { ...stored, filters: { publishers: deny } };
    expect(changedSettings(stored, withList)).toEqual(["filters.publishers"]);
    const narrowed = {
      ...stored,
      filters: { publishers: { ...deny, entries: [{ affId: "cheapclicks", subId: "s1" }] } },
    };
    expect(changedSettings(withList, narrowed)).toEqual(["filters.publishers.entries.0.subId"]);
  });
});
