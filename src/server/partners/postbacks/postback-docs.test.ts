import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { PostbackEvent } from "./postback-events.ts";
import { postbackUrlOf } from "./postback-url.ts";

// docs/product/partners.md#postbacks shows a publisher the sign of `{payout}`; its example is what the code fills.
// The payouts a return hands the postback (minus the payout reversed, or none) are return-decision.test.ts's.

const page = readFileSync(new URL("../../../../docs/product/partners.md", import.meta.url), "utf8");
const TEMPLATE = "https://pub.example/pb?cid={clickid}&e={event}&p={payout}";

/** The URLs of the fenced block after `<!-- example: returned-postback -->`, one a line after its label. */
function exampleUrls(): string[] {
  const block = /<!-- example: returned-postback -->\s*```\n([\s\S]*?)\n\s*```/.exec(page);
  if (!block) throw new Error("docs/product/partners.md has no returned-postback example");
  return block[1]!.split("\n").map((line) => line.slice(line.indexOf(": ") + 2).trim());
}

describe("the postback example of docs/product/partners.md", () => {
  it("names the template it fills, and shows a returned payout negative, or 0.00 when none was reversed", () => {
    expect(page).toContain(`With the address \`${TEMPLATE}\``);
    const event = (over: Partial<PostbackEvent>): PostbackEvent => ({
      publisherId: "acme",
      leadId: "ld_1",
      event: "sold",
      payoutCents: 700,
      attribution: { clickid: "c-42" },
      ...over,
    });
    expect(exampleUrls()).toEqual([
      postbackUrlOf(TEMPLATE, event({}), "A100"),
      postbackUrlOf(TEMPLATE, event({ event: "returned", payoutCents: -700 }), "A100"),
      postbackUrlOf(TEMPLATE, event({ event: "returned", payoutCents: null }), "A100"),
    ]);
    expect(exampleUrls()[1]).toMatch(/p=-7\.00$/);
  });
});
