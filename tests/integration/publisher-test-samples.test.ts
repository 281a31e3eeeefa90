import { describe, expect, it } from "vitest";
import { GUIDE_EXAMPLES, sampleBody } from "../../src/web/console/publishers/publisher-test-samples.ts";
import { guideExamples } from "../helpers/guide-examples.ts";

// The console's test of a publisher's post or ping starts from the integration guide's own examples.
const { example } = guideExamples(new URL("../../docs/guides/publisher-integration.md", import.meta.url));

describe("the test console's sample bodies", () => {
  it("are the integration guide's post and ping examples", () => {
    expect(GUIDE_EXAMPLES.post).toEqual(JSON.parse(example("post-json")));
    expect(GUIDE_EXAMPLES.ping).toEqual(JSON.parse(example("ping-json")));
  });

  it("are tests, with pay dates after today and a consent given a minute ago", () => {
    const now = new Date("2027-03-10T15:00:00Z");
    const post = JSON.parse(sampleBody("post", now));
    expect(post).toMatchObject({
      test: true,
      consent_at: "2027-03-10T14:59:00.000Z",
      email: GUIDE_EXAMPLES.post.email,
    });
    expect(post.income_next_date_1 > "2027-03-10").toBe(true);
    expect(post.income_next_date_2 > post.income_next_date_1).toBe(true);
    const ping = JSON.parse(sampleBody("ping", now));
    expect(ping).toMatchObject({ test: true, age: 38, income_next_date_1: post.income_next_date_1 });
    expect(Object.keys(ping)).not.toContain("email");
  });
});
