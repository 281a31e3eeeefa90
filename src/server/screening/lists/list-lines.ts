// The phone of one line of an uploaded list (docs/product/screening.md#lists): a line holding one phone however it is
// written ("(201) 555-0123", "+1 201 555 0123"), or a CSV row whose first field holding a phone gives it. The federal
// registry's area-code files come two ways, "2015550123" or "201,5550123" (the area code, then the seven digits), so
// a 3-digit field followed by a 7-digit one is a phone too.

const FIELD_SEPARATOR = /[,;\t|]/;

/** Ten digits of a North American number (area code 2-9), an 11-digit one's leading 1 dropped; else undefined. */
function tenDigits(digits: string): string | undefined {
  const ten = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return /^[2-9]\d{9}$/.test(ten) ? ten : undefined;
}

/** The line's phone as ten digits, or undefined for a line with none (blank, a header, a note). */
export function phoneOfLine(line: string): string | undefined {
  const fields = line.split(FIELD_SEPARATOR).map((field) => field.replace(/\D/g, ""));
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    const whole = tenDigits(field);
    if (whole) return whole;
    const next = fields[i + 1];
    if (field.length === 3 && next?.length === 7) {
      const split = tenDigits(field + next);
      if (split) return split;
    }
  }
  return undefined;
}
