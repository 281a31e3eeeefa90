import type { z } from "zod";
import type { ConsentKey } from "../consent.ts";
import type { ClientField, RuleContext } from "../fields/lead-fields.ts";
import type { Option } from "../options.ts";
import type { KnownPhones } from "../schemas/work-phone.ts";

// The shape of a row of the step table (step-table.ts). A row is a screen: its words, its route and
// progress, the fields its form asks (rules from the field registry unless the row gives its own), how
// its values become the step-update body, and the consent its button carries. Everything else about
// steps (body schemas, form-to-body, consent per step, resume order, routes) is derived from the rows.

/** Which screen component renders a row; "choice" is the generic single-choice screen. */
export type StepScreen =
  | "legal-name"
  | "email"
  | "cell-phone"
  | "choice"
  | "dob"
  | "address"
  | "pay-date"
  | "employer"
  | "work-phone"
  | "routing"
  | "bank-details"
  | "bank-account"
  | "license"
  | "ssn"
  | "loan-confirm"
  | "request-cash";

/** What a screen's form needs beyond its fields' rules. */
export type StepFormContext = RuleContext & {
  /** Legal name: whether the loan amount select is shown. */
  amountShown?: boolean;
  /** Work phone: the visitor's own numbers, which it must differ from. */
  knownPhones?: KnownPhones;
};

/**
 * What turning a form into its body may read besides the form: the visitor's saved answers, in client names (the
 * second pay date follows the saved pay frequency). A row's body names what it reads, so the code that saves a step
 * names no field.
 */
export type BodyContext = { saved?: Readonly<Record<string, unknown>> };

/**
 * How a refusal of a screen's save reads when the spec words it whatever the server named: the message under one of
 * the screen's fields (docs/product/errors.md: the phone step's "Phone number is invalid!").
 */
type StepRefusal = { field: ClientField; message: string };

/**
 * An answer the screen asks the visitor to reconsider before it is sent: when `field` holds `value`, a
 * pop-up asks `question`, with one button that changes the answer to `suggested` and one that keeps it;
 * either sends the form. Escape or Close sends nothing.
 */
export type ChoiceConfirmation = {
  field: ClientField;
  value: string;
  suggested: string;
  question: string;
  detail: string;
  changeLabel: string;
  keepLabel: string;
};

/** Parsed form values, in client names. */
export type FormValues = Record<string, unknown>;

/** Where a body field's value comes from: a form field, or a function of the form's values. */
type BodySource = ClientField | ((values: FormValues, ctx: BodyContext) => unknown);

export type StepRow = {
  slug: string;
  /** Progress number shown on the screen; the bar is indicator / TOTAL_STEPS. */
  indicator: number;
  /** "{firstName}" in a title is filled by stepTitle. */
  title: string;
  subtitle: string;
  screen: StepScreen;
  /** Client field names the form asks. */
  fields: readonly ClientField[];
  /** This screen's own rule for a field, where it differs from the registry's (a message, a list). */
  rules?: Partial<Record<ClientField, (ctx: RuleContext) => z.ZodType>>;
  /** The whole form schema, where the screen is more than its fields (selects making one date, checks). */
  form?: (fields: z.ZodObject, ctx: StepFormContext) => z.ZodType<FormValues>;
  /** A single-choice screen's options (default: its field's in the registry) and preselected value. */
  options?: readonly Option<string | number>[];
  defaultValue?: string;
  /** The step-update number (docs/product/server-calls.md), or null when the screen saves through create/update. */
  stepNumber: number | null;
  /** The step-update body: wire name -> source. */
  body?: Readonly<Record<string, BodySource>>;
  /** Body fields a request may leave out (the alias the spec names beside its field). */
  optionalBody?: readonly string[];
  /** Checks across the body's fields. */
  refineBody?: (body: Record<string, unknown>, ctx: z.RefinementCtx) => void;
  /** An answer to confirm in a pop-up before sending (the bank account type's Saving). */
  confirmChoice?: ChoiceConfirmation;
  /** What a refusal of this screen's save (a 4xx other than a rate limit) shows, where the spec words it. */
  refusal?: StepRefusal;
  /** The consent text shown above this screen's button (consent.ts); the step carries its evidence. */
  consent?: ConsentKey;
  /** False for the screens before the resume logic starts (legal name, e-mail). */
  resumable?: boolean;
};

export type Step = StepRow & { path: string; back: string | null; next: string };
