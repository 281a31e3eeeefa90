import { useCombobox } from "downshift";
import { useId, useState, type ChangeEvent, type ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { useBoundField, type FieldBinding } from "./bound-field.ts";
import { FormField } from "./form-field.tsx";
import type { FieldLabelling, InputAttributes } from "./text-field.tsx";
import "./combobox-field.css";

export type ComboboxFieldProps<V extends FieldValues, Out, T> = FieldBinding<V, Out> &
  InputAttributes &
  Omit<FieldLabelling, "label" | "note"> & {
    /** Plain text: it also names the list ("<label> suggestions"). */
    label: string;
    /** What the screen found for the current text. */
    suggestions: readonly T[];
    /** The text a suggestion puts in the field. */
    textOf?: (item: T) => string;
    /** How a suggestion reads in the list, when not its text. */
    render?: (item: T) => ReactNode;
    /** Lets a screen use a picked suggestion further (an address fills the whole street line). */
    onPick?: (item: T) => void;
    /**
     * When the form keeps something else than the text shown (a state's code for its name): the value for a
     * text, and the text for a value. Without them the text is the value.
     */
    toValue?: (text: string) => string;
    toText?: (value: string) => string;
  };

/**
 * A text field that offers completions as the visitor types (names, employer, job title, street, e-mail domain,
 * licence state): the WAI-ARIA combobox pattern from downshift (docs/decisions/0016-combobox.md). Arrow keys move
 * through the list, Enter takes the highlighted one, Escape closes it; what is typed stays free text.
 */
export function ComboboxField<V extends FieldValues, Out, T>(props: ComboboxFieldProps<V, Out, T>) {
  const { control, name, label, hint, error, className, suggestions, render, onPick, toValue, toText, ...rest } = props;
  // What is left is the input's own attributes (type, inputMode, autoComplete...).
  const { textOf = (item: T) => String(item), ...attributes } = rest;
  const bound = useBoundField({ control, name });
  const id = useId();
  const [text, setText] = useState(() => (toText ? toText(bound.value) : bound.value));
  const shown = toValue ? text : bound.value;
  const keep = (typed: string) => {
    setText(typed);
    bound.setValue(toValue ? toValue(typed) : typed);
  };

  const combobox = useCombobox<T>({
    items: [...suggestions],
    inputId: id,
    labelId: `${id}-label`,
    menuId: `${id}-list`,
    inputValue: shown,
    selectedItem: null,
    itemToString: (item) => (item === null ? "" : textOf(item)),
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem === null || selectedItem === undefined) return;
      keep(textOf(selectedItem));
      onPick?.(selectedItem);
    },
  });
  const open = combobox.isOpen && suggestions.length > 0;

  return (
    <FormField
      label={label}
      hint={hint}
      error={bound.error ?? error}
      className={className}
      id={id}
      labelId={`${id}-label`}
    >
      {(controlProps) => (
        <div className="combobox">
          <input
            type="text"
            {...attributes}
            {...combobox.getInputProps({
              ...controlProps,
              name: bound.name,
              ref: bound.ref,
              onBlur: bound.onBlur,
              // Kept here, in the key's own event, not through downshift's onInputValueChange, which runs
              // after a render: a fast typist's next key would meet the old value and be lost.
              onChange: (event: ChangeEvent<HTMLInputElement>) => keep(event.target.value),
              // Expanded only while a list shows: an answer with nothing to offer opens none.
              "aria-expanded": open,
              // The field's own autofill token (given-name, email, address-line1...), which downshift would
              // turn "off": a phone fills a known answer in one tap, and the list still offers the rest.
              autoComplete: attributes.autoComplete ?? "off",
            })}
          />
          <ul
            // Named apart from its field, so the label names one control (for a screen reader, and getByLabel).
            {...combobox.getMenuProps({ "aria-labelledby": undefined, "aria-label": `${label} suggestions` })}
            className={open ? "combobox__list" : "combobox__list combobox__list--closed"}
          >
            {open
              ? suggestions.map((item, index) => (
                  <li
                    key={`${textOf(item)}-${index}`}
                    className={
                      combobox.highlightedIndex === index
                        ? "combobox__option combobox__option--active"
                        : "combobox__option"
                    }
                    {...combobox.getItemProps({ item, index })}
                  >
                    {render ? render(item) : textOf(item)}
                  </li>
                ))
              : null}
          </ul>
        </div>
      )}
    </FormField>
  );
}
