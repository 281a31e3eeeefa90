import { describe, expect, it } from "vitest";
import { sampleFor } from "../../src/server/console/buyers/sample-lead.ts";
import { postDocument } from "../../src/server/distribution/auction/auction.ts";
import { parseBuyers, type AnswerMap, type Buyer } from "../../src/server/distribution/auction/buyer-config.ts";
import { PING_CLASSES, visibleTo } from "../../src/server/distribution/auction/lead-document.ts";
import { encodeRequest, mapFields, readAnswer } from "../../src/server/distribution/auction/mapping.ts";
import { readXml } from "../../src/server/distribution/auction/xml.ts";
import { guideExamples } from "../helpers/guide-examples.ts";

// docs/guides/buyer-integration.md shows buyers what they receive and how their answers are read. Its examples
// are the code's: the configuration block, built for the console's sample lead, must give the request blocks,
// and each answer block must read as the guide says it does.

const { has, example } = guideExamples(new URL("../../docs/guides/buyer-integration.md", import.meta.url));

const [buyer] = parseBuyers([JSON.parse(example("buyer-config"))], "the guide") as [Buyer];
const lead = sampleFor(buyer);
const protocols = ["json", "form", "xml"] as const;
type Protocol = (typeof protocols)[number];
const CONTENT_TYPE = { json: "application/json", form: "application/x-www-form-urlencoded", xml: "application/xml" };

/** The guide writes a form body one field to a line; it is sent joined by `&`. */
const shown = (protocol: Protocol, text: string): unknown =>
  protocol === "json"
    ? JSON.parse(text)
    : protocol === "xml"
      ? readXml(text)
      : [...new URLSearchParams(text.split("\n").join("&"))];
const sent = (protocol: Protocol, body: string): unknown =>
  protocol === "json" ? JSON.parse(body) : protocol === "xml" ? readXml(body) : [...new URLSearchParams(body)];

/** XML answers are read from their root element: the guide's XML paths are the JSON ones under `Response.`. */
function answerMapFor(map: AnswerMap, protocol: Protocol): AnswerMap {
  if (protocol !== "xml") return map;
  const under = (path: string | undefined) => (path === undefined ? undefined : `Response.${path}`);
  return {
    ...map,
    success: { ...map.success, path: `Response.${map.success.path}` },
    price: under(map.price),
    id: under(map.id),
    reason: under(map.reason),
    redirectUrl: under(map.redirectUrl),
  };
}

const read = (kind: "ping" | "post", answer: string, protocol: Protocol) => {
  const spec = kind === "ping" ? buyer.ping! : buyer.post;
  return readAnswer(answerMapFor(spec.answer, protocol), protocol, example(answer), CONTENT_TYPE[protocol]);
};

describe("the buyer integration guide's examples", () => {
  it("has every example it promises, and a ping_post buyer's configuration that loads", () => {
    expect(buyer.mode).toBe("ping_post");
    expect(lead.test_mode).toBe(true);
    for (const kind of ["ping", "post"])
      for (const protocol of protocols) {
        expect(has(`${kind}.${protocol}`)).toBe(true);
        for (const outcome of ["accept", "reject"]) expect(has(`${kind}-${outcome}.${protocol}`)).toBe(true);
      }
  });

  it.each(protocols)("shows the ping the sample lead gives, in %s", (protocol) => {
    const request = encodeRequest({ ...buyer, protocol }, mapFields(buyer.ping!.fields, visibleTo(lead, PING_CLASSES)));
    expect(request.contentType).toBe(CONTENT_TYPE[protocol]);
    expect(shown(protocol, example(`ping.${protocol}`))).toEqual(sent(protocol, request.body));
  });

  it.each(protocols)("shows the post that follows the guide's accepted ping, in %s", (protocol) => {
    const bid = read("ping", "ping-accept.json", "json");
    const doc = { ...postDocument(buyer, lead), ping_id: bid.id ?? null, bid_price: bid.price ?? null };
    const request = encodeRequest({ ...buyer, protocol }, mapFields(buyer.post.fields, doc));
    expect(shown(protocol, example(`post.${protocol}`))).toEqual(sent(protocol, request.body));
  });

  it.each(protocols)("reads the ping answers as a bid of 14.25 and a decline with its reason, in %s", (protocol) => {
    expect(read("ping", `ping-accept.${protocol}`, protocol)).toEqual({
      accepted: true,
      price: 14.25,
      id: "ac-5521",
      reason: undefined,
      redirectUrl: undefined,
    });
    expect(read("ping", `ping-reject.${protocol}`, protocol)).toMatchObject({
      accepted: false,
      reason: "state not served",
    });
  });

  it.each(protocols)("reads the post answers as a sale with its redirect and a decline, in %s", (protocol) => {
    expect(read("post", `post-accept.${protocol}`, protocol)).toEqual({
      accepted: true,
      price: undefined,
      id: "AC-99812",
      reason: undefined,
      redirectUrl: "https://offers.acme-lending.example/continue/AC-99812",
    });
    expect(read("post", `post-reject.${protocol}`, protocol)).toMatchObject({ accepted: false, reason: "duplicate" });
  });
});
