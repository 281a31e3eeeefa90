import { Text, VisuallyHidden } from "@mantine/core";
import type { Change, Tone } from "./change.ts";

// A change against the period before, under its figure. The eye reads the arrow, the percent and the figure before;
// a screen reader reads the same in words ("up 12.5% from $1,234.00"). The colour only repeats what the arrow says:
// teal for good news, red for bad, grey for neither, at shades that pass AA on both schemes (9 on the light
// backgrounds, 4 on the dark ones).

const COLOURS: Record<Tone, string> = {
  good: "light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-4))",
  bad: "light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))",
  neutral: "var(--mantine-color-dimmed)",
};

export function ChangeNote({ change, withBefore = false }: { change: Change; withBefore?: boolean }) {
  return (
    // Positioned, so the words for a screen reader (absolutely placed, 1 px) stay inside a table's scrolling box
    // instead of widening the page from a column scrolled out of view.
    <Text
      component="span"
      size="xs"
      display="block"
      pos="relative"
      data-tone={change.tone}
      style={{ color: COLOURS[change.tone] }}
    >
      <span aria-hidden="true">
        {change.shown}
        {withBefore ? ` · was ${change.before}` : null}
      </span>
      <VisuallyHidden>{change.spoken}</VisuallyHidden>
    </Text>
  );
}
