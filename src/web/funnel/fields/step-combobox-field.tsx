import { useCombobox } from "downshift";
import { useId, useState, type ChangeEvent, type ReactNode } from "react";
import { useController } from "react-hook-form";
import { FormField } from "#web/ui/forms/form-field.tsx";
import type { StepForm } from "../use-step-form.ts";
import { fieldInput } from "./field-inputs.ts";
import "./step-combobox-field.css";

/**
 * A screen's text field that offers completions as the visitor types (names, employer, job title, street,
 * e-mail domain, licence state): the WAI-ARIA combobox pattern from downshift (docs/decisions/0016-combobox.md).
 * Arrow keys move through the list, Enter takes the highlighted one, Escape closes it; what is typed stays
 * free text. `suggestions` are what the screen found for the current text; `onPick` lets a screen use a
 * picked one further (an address fills the whole street line).
 */
export function StepComboboxField<T>(props: {
  stepForm: StepForm;
  field: string;
  suggestions: readonly T[];
  /** The text a suggestion puts in the field. */
  textOf?: (item: T) => string;
  /** How a suggestion reads in the list, when not its text. */
  render?: (item: T) => ReactNode;
  onPick?: (item: T) => void;
  error?: string | undefined;
  hint?: string;
  /**
   * When the form keeps something else than the text shown (a state's code for its name): the value for a
   * text, and the text for a value. Without them the text is the value.
   */
  toValue?: (text: string) => string;
  toText?: (value: string) => string;
}) {
  const { label, hint, ...input } = fieldInput(props.field);
  const { field } = useController({ control: props.stepForm.form.control, name: props.field });
  const textOf = props.textOf ?? ((item: T) => String(item));
  const id = useId();
  const value = typeof field.value === "string" ? field.value : "";
  const [text, setText] = useState(() => (props.toText ? props.toText(value) : value));
  const shown = props.toValue ? text : value;
  const keep = (typed: string) => {
    setText(typed);
    field.onChange(props.toValue ? props.toValue(typed) : typed);
  };

  const combobox = useCombobox<T>({
    items: [...props.suggestions],
    inputId: id,
    labelId: `${id}-label`,
    menuId: `${id}-list`,
    inputValue: shown,
    selectedItem: null,
    itemToString: (item) => (item === null ? "" : textOf(item)),
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem === null || selectedItem === undefined) return;
      keep(textOf(selectedItem));
      props.onPick?.(selectedItem);
    },
  });
  const open = combobox.isOpen && props.suggestions.length > 0;
  const error = props.error ?? props.stepForm.errorOf(props.field);

  return (
    <FormField label={label} hint={props.hint ?? hint} error={error} id={id} labelId={`${id}-label`}>
      {(control) => (
        <div className="combobox">
          <input
            type="text"
            {...input}
            {...combobox.getInputProps({
              ...control,
              name: field.name,
              ref: field.ref,
              onBlur: field.onBlur,
              // Kept here, in the key's own event, not through downshift's onInputValueChange, which runs
              // after a render: a fast typist's next key would meet the old value and be lost.
              onChange: (event: ChangeEvent<HTMLInputElement>) => keep(event.target.value),
              // Expanded only while a list shows: an answer with nothing to offer opens none.
              "aria-expanded": open,
              // The field's own autofill token (given-name, email, address-line1...), which downshift would
              // turn "off": a phone fills a known answer in one tap, and our list still offers the rest.
              autoComplete: input.autoComplete ?? "off",
            })}
          />
          <ul
            // Named apart from its field, so the label names one control (for a screen reader, and getByLabel).
            {...combobox.getMenuProps({ "aria-labelledby": undefined, "aria-label": `${label} suggestions` })}
            className={open ? "combobox__list" : "combobox__list combobox__list--closed"}
          >
            {open
              ? props.suggestions.map((item, index) => (
                  <li
                    key={`${textOf(item)}-${index}`}
                    className={
                      combobox.highlightedIndex === index
                        ? "combobox__option combobox__option--active"
                        : "combobox__option"
                    }
                    {...combobox.getItemProps({ item, index })}
                  >
                    {props.render ? props.render(item) : textOf(item)}
                  </li>
                ))
              : null}
          </ul>
        </div>
      )}
    </FormField>
  );
}
