/** Those of `fields` that `values` sets (anything but undefined), with their values: a body narrowed to a field list. */
export function definedFields<K extends string>(
  values: Record<string, unknown>,
  fields: readonly K[],
): Partial<Record<K, unknown>> {
  return Object.fromEntries(fields.flatMap((f) => (values[f] === undefined ? [] : [[f, values[f]]]))) as Partial<
    Record<K, unknown>
  >;
}
