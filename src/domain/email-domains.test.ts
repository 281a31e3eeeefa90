import { describe, expect, it } from "vitest";
import { emailCompletions } from "./email-domains.ts";

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
