import { describe, expect, it } from "vitest";
import { emailCompletions, likelyEmailFix } from "./email-domains.ts";

describe("e-mail completions", () => {
  it("offers every provider after the @, narrowing as the domain is typed", () => {
    expect(emailCompletions("ana@")).toHaveLength(7);
    expect(emailCompletions("ana@h")).toEqual(["ana@hotmail.com"]);
    expect(emailCompletions("Ana.R@Y")).toEqual(["Ana.R@yahoo.com", "Ana.R@yandex.com"]);
    expect(emailCompletions("Ana.R@YaH")).toEqual(["Ana.R@yahoo.com"]);
    expect(emailCompletions("ana@o")).toEqual(["ana@outlook.com"]);
  });

  it("offers nothing before the @, for a finished or unknown domain, or for text that is no address", () => {
    for (const typed of ["ana", "@gmail", "ana@gmail.com", "ana@example", "a b@g", "a@b@g"]) {
      expect(emailCompletions(typed), typed).toEqual([]);
    }
  });
});

describe("a likely slip in the e-mail's domain (docs/decisions/0030-funnel-words.md)", () => {
  it.each([
    ["ana@gmial.com", "ana@gmail.com"], // two letters swapped
    ["ana@gmai.com", "ana@gmail.com"], // one missing
    ["ana@gmaill.com", "ana@gmail.com"], // one extra
    ["ana@gmail.con", "ana@gmail.com"], // one wrong
    ["Ana.Rivera@Hotmial.com", "Ana.Rivera@hotmail.com"], // the name kept as typed
    ["ana@yahoo.co", "ana@yahoo.com"],
    ["ana@outlok.com", "ana@outlook.com"],
    ["ana@iclod.com", "ana@icloud.com"],
  ])("offers %j -> %j", (typed, fixed) => {
    expect(likelyEmailFix(typed)).toBe(fixed);
  });

  it.each([
    "ana@gmail.com", // a listed provider
    "ana@GMAIL.COM",
    "ana@mail.com", // real providers next to gmail.com
    "ana@email.com",
    "ana@ymail.com",
    "ana@yahoo.ca", // a country's own, two edits away
    "ana@hotmail.co.uk",
    "ana@example.com",
    "ana@acme-corp.com",
    "ana@gmial.co", // two slips: too far to be sure
    "ana",
    "@gmial.com",
    "ana@",
  ])("offers nothing for %j", (typed) => {
    expect(likelyEmailFix(typed)).toBeUndefined();
  });
});
