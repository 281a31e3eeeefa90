import { Button, Group, Stack, Switch, Text } from "@mantine/core";
import { useId, useState, type KeyboardEvent } from "react";
import { useController, useWatch } from "react-hook-form";
import type { BuyerControl } from "./buyer-form-schema.ts";
import {
  cellName,
  clearDay,
  copyMondayToWeekdays,
  coverage,
  DAY_NAMES,
  DAYS,
  dayText,
  HOURS,
  toggleCell,
  type WeekHours,
} from "./schedule-hours.ts";

const DEFAULT_ZONE = "America/New_York";
const PRESSED = { open: "true", partly: "mixed", closed: "false" } as const;
/** The columns arrows move over: the 24 hours, then the day's Clear button. */
const LAST_COLUMN = HOURS.length;

// A buyer's opening hours (docs/product/lender-network.md#buyers) as a week of hour cells in the buyer's time zone:
// each cell a toggle button named "Monday 09:00–10:00", pressed when the hour is open and "mixed" when only part
// of it is (a range from 09:30: the row's text gives the exact times, the Advanced JSON edits minutes). One Tab stop
// for the grid; arrows move between cells, Space or Enter toggles.
export function OpeningHoursGrid({ control }: { control: BuyerControl }) {
  const { field, fieldState } = useController({ control, name: "config.schedule" });
  const zone = useWatch({ control, name: "config.timeZone" }) || DEFAULT_ZONE;
  const schedule = field.value;
  const week = schedule.days;
  const [active, setActive] = useState<[number, number]>([0, 9]);
  const errorId = useId();
  const set = (days: WeekHours) => field.onChange({ limited: true, days });
  const error = fieldState.error?.message;

  const move = (event: KeyboardEvent<HTMLButtonElement>, row: number, column: number) => {
    const steps: Record<string, [number, number]> = {
      ArrowUp: [Math.max(0, row - 1), column],
      ArrowDown: [Math.min(DAYS.length - 1, row + 1), column],
      ArrowLeft: [row, Math.max(0, column - 1)],
      ArrowRight: [row, Math.min(LAST_COLUMN, column + 1)],
      Home: [row, 0],
      End: [row, LAST_COLUMN],
    };
    const next = steps[event.key];
    if (!next) return;
    event.preventDefault();
    setActive(next);
    const grid = event.currentTarget.closest("table");
    grid?.querySelector<HTMLElement>(`[data-cell="${next[0]}-${next[1]}"]`)?.focus();
  };
  const tabIndex = (row: number, column: number) => (active[0] === row && active[1] === column ? 0 : -1);

  return (
    <Stack gap="sm">
      <Switch
        label="Open only at set hours"
        description={`Off: always open. Hours are in the buyer's time zone (${zone}).`}
        checked={schedule.limited}
        onChange={(event) => field.onChange({ limited: event.currentTarget.checked, days: week })}
      />
      {schedule.limited ? (
        <>
          <Group gap="sm">
            <Button variant="default" size="xs" onClick={() => set(copyMondayToWeekdays(week))}>
              Copy Monday to weekdays
            </Button>
          </Group>
          <div className="buyer-hours">
            <table
              role="grid"
              aria-label={`Opening hours, ${zone}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            >
              <thead>
                <tr>
                  <td />
                  {HOURS.map((hour) => (
                    <th key={hour} scope="col" className="buyer-hours__hour">
                      {String(hour).padStart(2, "0")}
                    </th>
                  ))}
                  <th scope="col">Open</th>
                  <td />
                </tr>
              </thead>
              <tbody>
                {DAYS.map((day, row) => (
                  <tr key={day}>
                    <th scope="row" className="buyer-hours__day">
                      {DAY_NAMES[day]}
                    </th>
                    {HOURS.map((hour) => (
                      <td key={hour}>
                        <button
                          type="button"
                          className="buyer-hours__cell"
                          data-cell={`${row}-${hour}`}
                          aria-label={cellName(day, hour)}
                          aria-pressed={PRESSED[coverage(week[day], hour)]}
                          tabIndex={tabIndex(row, hour)}
                          onFocus={() => setActive([row, hour])}
                          onKeyDown={(event) => move(event, row, hour)}
                          onClick={() => set(toggleCell(week, day, hour))}
                        />
                      </td>
                    ))}
                    <td className="buyer-hours__text">{dayText(week[day])}</td>
                    <td>
                      <Button
                        variant="subtle"
                        size="compact-xs"
                        data-cell={`${row}-${LAST_COLUMN}`}
                        tabIndex={tabIndex(row, LAST_COLUMN)}
                        onFocus={() => setActive([row, LAST_COLUMN])}
                        onKeyDown={(event) => move(event, row, LAST_COLUMN)}
                        onClick={() => set(clearDay(week, day))}
                        aria-label={`Clear ${DAY_NAMES[day]}`}
                      >
                        Clear
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {Object.values(week).every((ranges) => !ranges?.length) ? (
            <Text size="sm" c="dimmed">
              No hours set: the buyer gets no leads until some are.
            </Text>
          ) : null}
        </>
      ) : null}
      {error ? (
        <Text id={errorId} size="sm" c="var(--mantine-color-error)">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
