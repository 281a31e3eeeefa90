import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInConsole } from "../console-screen.testing.tsx";
import { BuyerTestConsole } from "./buyer-test-console.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const exchange = (body: string, status: number | null, accepted: boolean) => ({
  request: { method: "POST", url: "https://acme.example/post", headers: { "X-Api-Key": "********" }, body },
  answer: {
    status,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ok: accepted }),
    latency_ms: 120,
    read: { ok: true, accepted },
  },
});

describe("the test console", () => {
  it("shows what went and what came back for the ping and the post", async () => {
    const data = {
      ping: exchange('{"state":"NY"}', 200, true),
      post: exchange('{"email":"test.applicant@example.com"}', 201, false),
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ status: 200, message: "Sent.", data })),
    );
    renderInConsole(<BuyerTestConsole buyerId="acme" />);
    fireEvent.click(screen.getByRole("button", { name: "Send a test lead" }));
    const post = await screen.findByRole("region", { name: "Post" });
    expect(post.textContent).toContain("HTTP 201 in 120 ms");
    expect(post.textContent).toContain("Answer: Declined");
    expect(post.textContent).toContain("X-Api-Key: ********");
    expect(post.textContent).toContain("test.applicant@example.com");
    expect(screen.getByRole("region", { name: "Ping" }).textContent).toContain("Answer: Accepted");
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Test sent: post answered 201."));
  });
});
