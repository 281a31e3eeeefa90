import { describe, expect, it } from "vitest";
import { hasControlCharacters, pathsWithControlCharacters } from "./control-characters.ts";

describe("control characters", () => {
  it.each(["\u0000", "a\u0001b", "\u0008", "\u000B", "\u000C", "x\u001F", "\u007F", "Ann\ud800e", "\udc00", "a\ud83d"])(
    "refuses %j",
    (text) => {
      expect(hasControlCharacters(text)).toBe(true);
    },
  );

  it.each(["", "Jane O'Neil", "Straße 5", "tab\there", "two\nlines\r\n", "ñ é 漢字 🙂", "\ud83d\ude42", "\u0080"])(
    "allows %j",
    (text) => {
      expect(hasControlCharacters(text)).toBe(false);
    },
  );

  it("names every path that carries one, keys included, and nothing else", () => {
    const body = {
      first_name: "A\u0000B",
      email: "a@b.com",
      nested: { city: "ok", list: ["fine", "bad\u0007"] },
      ["ke\u0000y"]: "value",
      amount: 500,
      flag: null,
    };
    expect(pathsWithControlCharacters(body)).toEqual(["first_name", "nested.list.1", "ke\u0000y"]);
    expect(pathsWithControlCharacters("\u0000")).toEqual(["body"]);
    expect(pathsWithControlCharacters({ a: 1, b: [true, "x"] })).toEqual([]);
  });
});
