import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { FieldValues } from "react-hook-form";
import type { IsoDate } from "#domain/calendar-date.ts";
import { useBoundField, type FieldBinding } from "#web/ui/forms/bound-field.ts";
import {
  dateAfterKey,
  dateInWords,
  monthOf,
  monthsBetween,
  monthTitle,
  weeksOf,
  type MonthKey,
} from "./calendar-month.ts";
import "./pay-date-calendar.css";

/** Bound to its form like every field; the value is the chosen day, "YYYY-MM-DD" ("" for none). */
export type PayDateCalendarProps<V extends FieldValues, Out> = FieldBinding<V, Out> & {
  label: string;
  /** The window's first day (today, marked as such) and last day: only days between them can get focus. */
  first: IsoDate;
  last: IsoDate;
  /** Whether a day of the window may be chosen (weekdays only for a pay date). */
  isSelectable: (date: IsoDate) => boolean;
  /** What a day is besides its date, said after it (a bank holiday's name), so it is clear why it is off. */
  dayNote?: (date: IsoDate) => string | undefined;
};

const WEEKDAYS = [
  ["Su", "Sunday"],
  ["Mo", "Monday"],
  ["Tu", "Tuesday"],
  ["We", "Wednesday"],
  ["Th", "Thursday"],
  ["Fr", "Friday"],
  ["Sa", "Saturday"],
] as const;

// An inline calendar on the WAI-ARIA date grid pattern (docs/decisions/0017-pay-date-calendar.md): a table
// with role grid, one Tab stop on the focused day, arrow keys by day and week, Home and End, Page Up and
// Page Down by month, Enter or Space chooses. Days that cannot be chosen (weekends) can still get focus,
// so a screen reader says "unavailable" (aria-disabled) instead of skipping days silently; days outside
// the window are shown greyed and never get focus. The chosen day is repeated in words under the grid.
export function PayDateCalendar<V extends FieldValues, Out>(props: PayDateCalendarProps<V, Out>) {
  const { first, last, isSelectable } = props;
  const { value, setValue, onBlur, error } = useBoundField({ control: props.control, name: props.name });
  const labelId = useId();
  const monthId = useId();
  const chosenId = useId();
  const errorId = useId();
  const months = monthsBetween(first, last);
  const inWindow = (date: IsoDate) => date >= first && date <= last;
  const firstSelectableIn = (month: MonthKey) =>
    weeksOf(month)
      .flat()
      .find((d): d is IsoDate => d !== null && inWindow(d) && isSelectable(d));

  const [focused, setFocused] = useState<IsoDate>(() =>
    value && inWindow(value) ? value : (months.map(firstSelectableIn).find(Boolean) ?? first),
  );
  const [shown, setShown] = useState<MonthKey>(monthOf(focused));
  const gridRef = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);

  // After a key moved the focused day (possibly into the other month), focus follows it.
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused, shown]);

  const choose = (date: IsoDate) => {
    if (inWindow(date) && isSelectable(date)) setValue(date);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const date = (event.target as HTMLElement).dataset.date;
    if (!date) return;
    if (event.key === "Enter" || event.key === " ") {
      // Enter chooses the day rather than sending the form: the visitor is still answering.
      event.preventDefault();
      choose(date);
      return;
    }
    const next = dateAfterKey(date, event.key, first, last);
    if (!next) return;
    event.preventDefault();
    moveFocus.current = true;
    setFocused(next);
    setShown(monthOf(next));
  };

  const showMonth = (month: MonthKey) => {
    setShown(month);
    setFocused(value && monthOf(value) === month && inWindow(value) ? value : (firstSelectableIn(month) ?? first));
  };
  const shownIndex = months.indexOf(shown);
  const previous = months[shownIndex - 1];
  const following = months[shownIndex + 1];

  const describedBy = [value ? chosenId : undefined, error ? errorId : undefined].filter(Boolean).join(" ");
  return (
    <div className="pay-calendar" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="pay-calendar__label">
        {props.label}
      </span>
      <div className="pay-calendar__head">
        {months.length > 1 ? (
          <button
            type="button"
            className="pay-calendar__nav"
            aria-label="Previous month"
            disabled={!previous}
            onClick={() => previous && showMonth(previous)}
          >
            <span aria-hidden="true">‹</span>
          </button>
        ) : null}
        <h2 id={monthId} className="pay-calendar__month" aria-live="polite">
          {monthTitle(shown)}
        </h2>
        {months.length > 1 ? (
          <button
            type="button"
            className="pay-calendar__nav"
            aria-label="Next month"
            disabled={!following}
            onClick={() => following && showMonth(following)}
          >
            <span aria-hidden="true">›</span>
          </button>
        ) : null}
      </div>
      <table
        ref={gridRef}
        role="grid"
        className="pay-calendar__grid"
        aria-labelledby={`${labelId} ${monthId}`}
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
        onKeyDown={onKeyDown}
        // A day focused by a click or a tap becomes the Tab stop, so Tab and the arrow keys carry on from it.
        onFocus={(event) => {
          const date = (event.target as HTMLElement).dataset.date;
          if (date && date !== focused) setFocused(date);
        }}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur();
        }}
      >
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" abbr={long}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(shown).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((date, i) => {
                if (!date) return <td key={`pad-${i}`} className="pay-calendar__pad" />;
                const available = inWindow(date) && isSelectable(date);
                const note = props.dayNote?.(date);
                return (
                  <td
                    key={date}
                    data-date={inWindow(date) ? date : undefined}
                    tabIndex={date === focused ? 0 : inWindow(date) ? -1 : undefined}
                    aria-selected={date === value}
                    aria-disabled={available ? undefined : true}
                    aria-current={date === first ? "date" : undefined}
                    className={available ? "pay-calendar__day" : "pay-calendar__day pay-calendar__day--off"}
                    title={note}
                    onClick={() => choose(date)}
                  >
                    <span aria-hidden="true">{Number(date.slice(8))}</span>
                    <span className="visually-hidden">
                      {note ? `${dateInWords(date)}, ${note}` : dateInWords(date)}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p id={chosenId} className="pay-calendar__chosen" aria-live="polite">
        {value ? `Chosen: ${dateInWords(value)}` : ""}
      </p>
      <span id={errorId} className="form-field__error" aria-live="polite" aria-atomic="true">
        {error ?? ""}
      </span>
    </div>
  );
}
