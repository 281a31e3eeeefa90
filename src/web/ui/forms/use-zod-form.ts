import { zodResolver } from "@hookform/resolvers/zod";
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type RefObject,
} from "react";
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from "react-hook-form";
import type { z } from "zod";
import { focusFirstInvalid } from "./focus-first-invalid.ts";

/**
 * What a form holds for a schema: each field's text as the visitor sees it (inputs and selects hold
 * strings). The schema turns it into its output (numbers, trimmed text, a phone as its ten digits) on submit.
 */
export type FormValuesOf<S extends z.ZodType> =
  z.input<S> extends Record<string, unknown> ? { [K in keyof z.input<S> & string]-?: string } : Record<string, string>;

export type ZodFormOptions<V extends FieldValues, Out> = Omit<
  UseFormProps<V, unknown, Out>,
  "resolver" | "mode" | "reValidateMode" | "shouldFocusError" | "defaultValues"
> & { defaultValues: DefaultValues<V> };

export type ZodForm<V extends FieldValues, Out> = UseFormReturn<V, unknown, Out> & {
  /** For the <form> element: where the first invalid control is looked for, in page order. */
  formRef: RefObject<HTMLFormElement | null>;
  /** True while the handler given to `submitWith` runs (the request is on its way). */
  busy: boolean;
  /**
   * The form's onSubmit: validates with the schema, then runs `onValid` with the schema's output. A
   * submit while one is still running is ignored; a refused submit moves focus to the first invalid field.
   * `before` runs first, busy already (a lookup that fills fields the schema checks); false stops the submit.
   */
  submitWith: (
    onValid: (values: Out) => unknown,
    options?: { before?: () => Promise<boolean | void> },
  ) => (event: FormEvent<HTMLFormElement>) => void;
  /** Puts the server's field errors ({ field: message }) on the fields; answers those no field has. */
  setServerErrors: (errors: Record<string, string>) => Record<string, string>;
  /** Moves focus to the first invalid field once the page shows the errors (after a lookup or the server). */
  focusFirstInvalid: () => void;
};

/**
 * A form's schema, or a function that imports it: a page whose form is not validated before it is used can
 * leave the schema and zod out of its first load (the landing page, docs/decisions/0024-landing-performance.md).
 * The function must be stable (module level) and may be called more than once.
 */
export type SchemaSource<S extends z.ZodType<FieldValues>> = S | (() => Promise<S>);

// The schema's input type is `unknown` for fields it preprocesses (masks, trimming) and for the funnel's
// z.ZodType step schemas; the form holds their text, so the resolver is typed with the form's values.
function resolverFor<S extends z.ZodType<FieldValues>, V extends FieldValues>(schema: S) {
  return zodResolver(schema as z.ZodType<FieldValues, FieldValues>) as unknown as Resolver<V, unknown, z.output<S>>;
}

/**
 * Validates with the schema once `load` has brought it. While it cannot be fetched (offline) the form counts as
 * invalid, with no field marked, so nothing is sent; the next validation tries the import again.
 */
function lazyResolver<S extends z.ZodType<FieldValues>, V extends FieldValues>(
  load: () => Promise<S>,
): Resolver<V, unknown, z.output<S>> {
  let loading: Promise<Resolver<V, unknown, z.output<S>>> | undefined;
  return async (values, context, options) => {
    loading ??= load().then((schema) => resolverFor<S, V>(schema));
    try {
      return await (
        await loading
      )(values, context, options);
    } catch {
      loading = undefined;
      return { values: {}, errors: { root: { type: "unavailable" } } as FieldErrors<V> };
    }
  };
}

const subscribeToNothing = () => () => {};

/**
 * Whether this render hydrates prerendered HTML: React reads the server snapshot only then. A form rendered in the
 * browser (every funnel screen, a page reached by a link) holds exactly what it rendered.
 */
function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}

// Every form of the site is driven by its domain schema the same way (docs/product/validation.md and
// docs/product/errors.md): validated on submit, then re-validated on every change, with the schema's messages; focus
// moves to the first invalid field only after the errors are on the page, so a screen reader announces the field as
// invalid together with its message (docs/decisions/0014-forms.md).
export function useZodForm<S extends z.ZodType<FieldValues>, V extends FieldValues = FormValuesOf<S>>(
  schema: SchemaSource<S>,
  options: ZodFormOptions<V, z.output<S>>,
): ZodForm<V, z.output<S>> {
  const resolver = useMemo(
    () => (typeof schema === "function" ? lazyResolver<S, V>(schema) : resolverFor<S, V>(schema)),
    [schema],
  );
  const form = useForm<V, unknown, z.output<S>>({
    ...options,
    resolver,
    mode: "onSubmit",
    reValidateMode: "onChange",
    // react-hook-form would focus before the errors render; focusPending below waits for them.
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const submitting = useRef(false);
  const [busy, setBusy] = useState(false);
  const focusPending = useRef(false);
  const [focusRequests, setFocusRequests] = useState(0);
  const { submitCount } = form.formState;

  // Runs after the render that shows a refused submit's errors (submitCount changes with them) or after
  // an explicit request.
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    focusFirstInvalid(formRef.current);
  }, [submitCount, focusRequests]);

  const requestFocus = useCallback(() => {
    focusPending.current = true;
    setFocusRequests((n) => n + 1);
  }, []);

  const { handleSubmit, getValues, setError, setValue } = form;

  // The prerendered page can be used before its JavaScript takes over (docs/decisions/0003): keep what the
  // visitor chose or typed by then instead of putting the defaults back over it. Runs once, before the
  // first render after hydration would rewrite the controls.
  // Only a hydrated form can hold them: elsewhere a control may show other text than its value (a licence state's
  // name for its code) and must not be read back.
  const kept = useRef<Path<V>[]>([]);
  const hydrating = useHydrating();
  const hydrated = useRef(hydrating);
  useLayoutEffect(() => {
    const elements = hydrated.current ? formRef.current?.elements : undefined;
    if (!elements) return;
    for (const [name, value] of Object.entries(getValues())) {
      const control = elements.namedItem(name);
      const textLike =
        control instanceof HTMLSelectElement ||
        control instanceof HTMLTextAreaElement ||
        (control instanceof HTMLInputElement && control.type !== "checkbox" && control.type !== "radio");
      if (textLike && typeof value === "string" && control.value !== value) {
        setValue(name as Path<V>, control.value as PathValue<V, Path<V>>);
        kept.current.push(name as Path<V>);
      }
    }
  }, [getValues, setValue]);
  // A useWatch of the same component subscribes in a layout effect that runs after the one above, and so
  // misses what it kept (the quick start's zip would never look up its city): once every layout effect has
  // run, the kept values are set again for those watchers.
  useEffect(() => {
    for (const name of kept.current.splice(0)) setValue(name, getValues(name));
  }, [getValues, setValue]);

  const submitWith = useCallback(
    (onValid: (values: z.output<S>) => unknown, options: { before?: () => Promise<boolean | void> } = {}) =>
      (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        // Validation is asynchronous: the guard covers it too, so a double click validates and sends once.
        if (submitting.current) return;
        submitting.current = true;
        const validate = handleSubmit(
          async (values) => {
            setBusy(true);
            await onValid(values);
          },
          () => {
            focusPending.current = true;
          },
        );
        const run = async () => {
          if (options.before) {
            setBusy(true);
            if ((await options.before()) === false) return;
          }
          await validate(event);
        };
        void run().finally(() => {
          setBusy(false);
          submitting.current = false;
        });
      },
    [handleSubmit],
  );

  const setServerErrors = useCallback(
    (errors: Record<string, string>) => {
      const values = getValues();
      const unmatched: Record<string, string> = {};
      for (const [name, message] of Object.entries(errors)) {
        if (Object.hasOwn(values, name)) setError(name as Path<V>, { type: "server", message });
        else unmatched[name] = message;
      }
      return unmatched;
    },
    [getValues, setError],
  );

  return { ...form, formRef, busy, submitWith, setServerErrors, focusFirstInvalid: requestFocus };
}
