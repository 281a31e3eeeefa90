import { REPORT_MEASURES, type MeasureKey } from "./report-measures.ts";
import { formatFigure } from "./report-format.ts";

// A figure against the same figure of the period before: the change as the eye reads it ("▲ 12.5%"; a rate's in
// points, "▲ 2.1 pts", as a percent of a percent misleads), as a screen reader says it ("up 12.5% from $1,234.00"),
// and whether it is good news, by the one table of measures (report-measures.ts). Colour is never the only signal:
// the arrow and the words say the direction.

export type Tone = "good" | "bad" | "neutral";
export type Change = { shown: string; before: string; spoken: string; tone: Tone };

const one = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function changeOf(key: MeasureKey, now: number | null, before: number | null): Change | undefined {
  if (now === null || before === null) return undefined;
  const { kind, better } = REPORT_MEASURES[key];
  const was = formatFigure(kind, before);
  const diff = now - before;
  if (diff === 0) return { shown: "no change", before: was, spoken: `no change from ${was}`, tone: "neutral" };
  const up = diff > 0;
  const tone: Tone = better === "neither" ? "neutral" : up === (better === "more") ? "good" : "bad";
  const arrow = up ? "▲" : "▼";
  const word = up ? "up" : "down";
  if (kind === "rate") {
    const points = one.format(Math.abs(diff) * 100);
    return { shown: `${arrow} ${points} pts`, before: was, spoken: `${word} ${points} points from ${was}`, tone };
  }
  // From nothing, a percentage has no meaning: the arrow and the figure before say it all.
  if (before === 0) return { shown: arrow, before: was, spoken: `${word} from ${was}`, tone };
  const percent = `${one.format((Math.abs(diff) / Math.abs(before)) * 100)}%`;
  return { shown: `${arrow} ${percent}`, before: was, spoken: `${word} ${percent} from ${was}`, tone };
}
