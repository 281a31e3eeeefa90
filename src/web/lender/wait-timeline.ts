// What the lender connection screen shows at each moment of the wait (docs/product/behaviour.md#intro-animation),
// as pure functions of the time since the screen opened, so the screen only has to tick a clock. The
// animation is a courtesy to the visitor: the decision ends the wait at once, whatever stage it is at.

const INTRO_STEPS = ["Formation of the request", "Connection setup", "Start the process"] as const;

export type IntroStepState = {
  readonly name: string;
  readonly status: "ready" | "active" | "completed";
  readonly progress: number;
};

/** How long each intro bar takes, and how unevenly it moves. */
export type IntroPlan = readonly { readonly durationMs: number; readonly pace: number }[];

/** Each bar takes 1.2 to 2.4 s and moves at its own uneven pace (docs/product/behaviour.md: "a random pace"). */
export function planIntro(random: () => number = Math.random): IntroPlan {
  return INTRO_STEPS.map(() => ({ durationMs: 1200 + Math.round(random() * 1200), pace: 0.5 + random() * 1.5 }));
}

/** The intro's steps at `elapsedMs`; once the submission has answered (`callDone`) every step is complete. */
export function introAt(plan: IntroPlan, elapsedMs: number, callDone: boolean): IntroStepState[] {
  let start = 0;
  return INTRO_STEPS.map((name, i) => {
    const { durationMs, pace } = plan[i]!;
    const t = elapsedMs - start;
    start += durationMs;
    if (callDone || t >= durationMs) return { name, status: "completed", progress: 100 };
    if (t < 0) return { name, status: "ready", progress: 0 };
    return { name, status: "active", progress: Math.floor(100 * (t / durationMs) ** pace) };
  });
}

/** The intro has run its course: every bar is full. */
export function introDone(steps: readonly IntroStepState[]): boolean {
  return steps.every((s) => s.status === "completed");
}

const SEARCH_STAGES = [
  { label: "Searching Lenders", durationMs: 193_000 },
  { label: "Connecting Lenders", durationMs: 500 },
] as const;
const STAGE_PAUSE_MS = 500;
const REDIRECT_LABEL = "Redirect...";

export type SearchCircleState = { readonly label: string; readonly progress: number };

/** The search circle `elapsedMs` after it appeared: each stage fills it, pauses full, then the next starts. */
export function searchCircleAt(elapsedMs: number): SearchCircleState {
  let start = 0;
  for (const stage of SEARCH_STAGES) {
    const t = elapsedMs - start;
    if (t < stage.durationMs)
      return { label: stage.label, progress: Math.floor((100 * Math.max(t, 0)) / stage.durationMs) };
    if (t < stage.durationMs + STAGE_PAUSE_MS) return { label: stage.label, progress: 100 };
    start += stage.durationMs + STAGE_PAUSE_MS;
  }
  return { label: REDIRECT_LABEL, progress: 100 };
}

const COUNTER_STEPS = 10;
const COUNTER_TOTAL_MS = 210_000;

/**
 * When the counter moves on from each of its values 1 to 9: 15 to 21 s a step, the ninth padded so that
 * it shows 10/10 about 210 s after it started.
 */
export function planCounter(random: () => number = Math.random): number[] {
  const durations = Array.from({ length: COUNTER_STEPS - 2 }, () => 15_000 + Math.round(random() * 6_000));
  const used = durations.reduce((a, b) => a + b, 0);
  durations.push(COUNTER_TOTAL_MS - used);
  let at = 0;
  return durations.map((d) => (at += d));
}

/** The counter's value `elapsedMs` after it started (1 to 10). */
export function counterAt(plan: readonly number[], elapsedMs: number): number {
  return 1 + plan.filter((moveAt) => elapsedMs >= moveAt).length;
}

export const COUNTER_OF = COUNTER_STEPS;
