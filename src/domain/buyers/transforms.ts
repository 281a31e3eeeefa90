// The named transforms a buyer's field mapping may apply (docs/product/lender-network.md#field-mapping): values
// a buyer's post needs that no single lead field holds as such. Each takes the values of its `from` fields, in
// order (one or two), and gives the value that `values`, `case` and `type` then work on; null sends it empty.

type Raw = string | number | boolean | null | undefined;
type Scalar = string | number | boolean;

type Transform = {
  /** How many fields `from` names. */
  sources: 1 | 2;
  apply: (values: readonly Raw[], options: { separator?: string | undefined }) => Scalar | null;
};

const present = (v: Raw): v is Scalar => v !== null && v !== undefined && v !== "";
const wholeMonths = (v: Raw): number | null => {
  const n = present(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : null;
};

export const TRANSFORMS = {
  /** The e-mail's domain, lower case: `Ana@Example.com` -> `example.com`. */
  email_domain: {
    sources: 1,
    apply: ([email]) => {
      const at = typeof email === "string" ? email.lastIndexOf("@") : -1;
      const domain =
        at >= 0
          ? (email as string)
              .slice(at + 1)
              .trim()
              .toLowerCase()
          : "";
      return domain || null;
    },
  },
  /** Whole years of a number of months: 102 -> 8 (time at residence, at employer, at bank). */
  whole_years: {
    sources: 1,
    apply: ([months]) => {
      const n = wholeMonths(months);
      return n === null ? null : Math.floor(n / 12);
    },
  },
  /** The months beyond those whole years: 102 -> 6. With `whole_years`, "8 years 6 months". */
  remaining_months: {
    sources: 1,
    apply: ([months]) => {
      const n = wholeMonths(months);
      return n === null ? null : n % 12;
    },
  },
  /** The two values joined by `separator` (a space unless set), leaving out an empty one: a full name. */
  join: {
    sources: 2,
    apply: (values, { separator = " " }) => {
      const kept = values.filter(present).map(String);
      return kept.length ? kept.join(separator) : null;
    },
  },
  /** The first value that is present: a cell phone, or else the home phone. */
  first_present: { sources: 2, apply: (values) => values.find(present) ?? null },
} as const satisfies Record<string, Transform>;

export type TransformName = keyof typeof TRANSFORMS;
export const TRANSFORM_NAMES = Object.keys(TRANSFORMS) as [TransformName, ...TransformName[]];

/** The fields a mapping reads: its `from`, one or two. */
export function sourcesOf<S extends string>(map: { from?: S | readonly S[] | undefined }): S[] {
  if (map.from === undefined) return [];
  return typeof map.from === "string" ? [map.from] : [...map.from];
}
