import { Fragment, useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import type { Option } from "#domain/options.ts";
import { useBoundField, type FieldBinding } from "#web/ui/forms/bound-field.ts";

/** Bound to its form like every field (`control={form.control} name="ownCar"`); the value is the chosen option's, as text. */
export type ChoiceGroupProps<V extends FieldValues, Out> = FieldBinding<V, Out> & {
  options: readonly Option<string | number>[];
  /** The id of the text naming the group (the screen's heading), or a visible label of its own. */
  labelledBy?: string;
  label?: string;
  describedBy?: string;
};

// A single choice as radio-style buttons: the WAI-ARIA radio group pattern (one Tab stop, on the chosen
// radio or the first; arrow keys move and choose, wrapping; Home and End; Space chooses; a click chooses).
// Enter sends the form, as it does from a native radio. The message shows under the group, which is
// marked invalid and described by it. The radio that takes Tab holds the field's ref, so the form can move focus to
// the group.
export function ChoiceGroup<V extends FieldValues, Out>(props: ChoiceGroupProps<V, Out>) {
  const { options } = props;
  const bound = useBoundField({ control: props.control, name: props.name });
  const labelId = useId();
  const errorId = useId();
  const radios = useRef<(HTMLDivElement | null)[]>([]);
  const chosen = options.findIndex((o) => String(o.value) === bound.value);
  const tabStop = chosen >= 0 ? chosen : 0;

  const choose = (index: number) => {
    const option = options[index];
    if (!option) return;
    bound.setValue(String(option.value));
    radios.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const last = options.length - 1;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowRight":
        choose(index === last ? 0 : index + 1);
        break;
      case "ArrowUp":
      case "ArrowLeft":
        choose(index === 0 ? last : index - 1);
        break;
      case "Home":
        choose(0);
        break;
      case "End":
        choose(last);
        break;
      case " ":
        choose(index);
        break;
      case "Enter":
        event.currentTarget.closest("form")?.requestSubmit();
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const describedBy = [props.describedBy, errorId].filter(Boolean).join(" ");
  return (
    <div className="choice-group">
      {props.label ? (
        <span id={labelId} className="choice-group__label">
          {props.label}
        </span>
      ) : null}
      <div
        role="radiogroup"
        aria-labelledby={props.label ? labelId : props.labelledBy}
        aria-describedby={describedBy}
        aria-invalid={bound.error ? true : undefined}
        aria-required="true"
        className="choice-group__options"
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) bound.onBlur();
        }}
      >
        {options.map((option, index) => (
          <div
            key={option.value}
            ref={(el) => {
              radios.current[index] = el;
              if (index === tabStop) bound.ref(el);
            }}
            role="radio"
            aria-checked={index === chosen}
            tabIndex={index === tabStop ? 0 : -1}
            data-value={option.value}
            className="choice"
            onClick={() => choose(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            <span className="choice__mark" aria-hidden="true" />
            <span className="choice__label">{breakableAfterHyphens(option.label)}</span>
          </div>
        ))}
      </div>
      <span id={errorId} className="form-field__error" aria-live="polite" aria-atomic="true">
        {bound.error ?? ""}
      </span>
    </div>
  );
}

/**
 * A label that may break after a hyphen between two amounts ("$10,000-" / "$20,000"): buttons sit two to a row on
 * a 375 px phone, and Chrome does not break "-$" by itself, so the label ran out of its button.
 */
function breakableAfterHyphens(label: string): ReactNode {
  const parts = label.split(/(?<=\d-)(?=\$)/);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}
