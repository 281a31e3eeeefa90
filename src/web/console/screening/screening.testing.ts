import type { ScreeningListRow } from "#domain/contracts/console-screening-lists.ts";
import type { ScreeningReport, ScreeningSettingsData } from "#domain/contracts/console-screening.ts";
import { DEFAULT_SCREENING_SETTINGS } from "#domain/screening/quality-checks.ts";
import type { ServerAnswer } from "../console-screen.testing.tsx";

// The screening page's answers for its tests: the gate's figures over a week, its settings, and two lists.

export const answer = (data: unknown, status = 200): ServerAnswer => ({
  status,
  body: { status, message: status === 200 ? "OK" : "Created.", data },
});

export const REPORT_API = "/api/console/screening/report";
export const SETTINGS_API = "/api/console/screening/settings";
export const LISTS_API = "/api/console/screening/lists";

const REPORT: ScreeningReport = {
  from: "2026-03-04T00:00:00.000Z",
  to: "2026-03-11T00:00:00.000Z",
  checked: 200,
  refused: 30,
  by_reason: [
    { reason: "velocity", n: 20 },
    { reason: "litigator", n: 10 },
  ],
  by_source: [
    { source: "google", publisher: "A100", checked: 150, refused: 10, top_reason: "litigator" },
    { source: "(none)", publisher: "acme", checked: 50, refused: 20, top_reason: "velocity" },
  ],
  answers: [
    { check: "phone_line_type", answer: "mobile", n: 120 },
    { check: "phone_line_type", answer: "voip", n: 80 },
    { check: "velocity", answer: "flagged", n: 20 },
  ],
  calls: [
    { day: "2026-03-09", adapter: "twilio", outcome: "ok", n: 190 },
    { day: "2026-03-09", adapter: "twilio", outcome: "timeout", n: 10 },
    { day: "2026-03-10", adapter: "trustedform", outcome: "failed", n: 3 },
  ],
  gate_ms: { p50: 42, max: 1380 },
};

export const NOTHING_CHECKED: ScreeningReport = {
  ...REPORT,
  checked: 0,
  refused: 0,
  by_reason: [],
  by_source: [],
  answers: [],
  calls: [],
  gate_ms: { p50: null, max: null },
};

export const SETTINGS: ScreeningSettingsData = {
  settings: DEFAULT_SCREENING_SETTINGS,
  updated_at: "2026-03-09T15:30:00.000Z",
  updated_by: "manager@example.com",
};

export const LISTS: ScreeningListRow[] = [
  {
    id: "l1",
    name: "Operator DNC",
    kind: "do_not_call",
    entries: 1200,
    updated_at: "2026-03-08T12:00:00.000Z",
    updated_by: "manager@example.com",
  },
  {
    id: "l2",
    name: "TCPA litigators",
    kind: "litigator",
    entries: 0,
    updated_at: "2026-03-09T12:00:00.000Z",
    updated_by: null,
  },
];

/** Every read the page makes, answered. */
export const ALL_ANSWERS = {
  [REPORT_API]: answer(REPORT),
  [SETTINGS_API]: answer(SETTINGS),
  [LISTS_API]: answer({ lists: LISTS }),
};
