import type { FakeHandler } from "../../intake/lookups/fake-http-server.testing.ts";

// The fake services of the gate's adapters read what was posted to them (fake-http-server.testing.ts keeps only the
// address and headers): each body, parsed as JSON, goes to `bodies` before `then` answers.
export function recordingBodies(bodies: unknown[], then: FakeHandler): FakeHandler {
  return (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      bodies.push(text ? (JSON.parse(text) as unknown) : undefined);
      then(request, response);
    });
  };
}
