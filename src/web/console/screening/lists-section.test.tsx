import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ScreeningListRow } from "#domain/contracts/console-screening-lists.ts";
import { ConsoleSessionContext } from "../console-session.tsx";
import { consoleContextOf, renderInConsole } from "../console-screen.testing.tsx";
import { ListsSection } from "./lists-section.tsx";
import { LISTS, LISTS_API } from "./screening.testing.ts";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Call = { method: string; url: string; type: string | null; body: string | undefined };
type Reply = { status: number; body: unknown } | undefined;

/** The server: the lists, and what each change answers (by default, the test's `reply`). */
function server(reply: (call: Call) => Reply = () => undefined) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call = {
      method: init?.method ?? "GET",
      url,
      type: headers.get("content-type"),
      body: init?.body as string | undefined,
    };
    if (call.method === "GET") {
      expect(url).toBe(LISTS_API);
      return Response.json({ status: 200, message: "OK", data: { lists: LISTS } });
    }
    calls.push(call);
    const answer = reply(call) ?? { status: 200, body: { status: 200, message: "Done." } };
    return Response.json(answer.body, { status: answer.status });
  });
  vi.stubGlobal("fetch", fetch);
  return { calls, fetch };
}

function showLists(writer = true) {
  renderInConsole(
    <ConsoleSessionContext value={consoleContextOf(writer ? "manager" : "analyst")}>
      <ListsSection writer={writer} />
    </ConsoleSessionContext>,
  );
}

const table = () => screen.findByRole("table", { name: "Screening lists" });
const status = () => screen.getAllByRole("status").find((s) => s.tagName === "P")!;
const listAfter = (changes: Partial<ScreeningListRow>) => ({ ...LISTS[0]!, ...changes });

describe("the screening lists", () => {
  it("lists each list's name, kind, size and last change, and says numbers are kept as keyed hashes", async () => {
    server();
    showLists();
    const lists = await table();
    expect(
      within(lists)
        .getAllByRole("row")
        .slice(1)
        .map((r) => [...r.querySelectorAll("td")].slice(0, 4).map((c) => c.textContent)),
    ).toEqual([
      ["Operator DNC", "Do not call", "1,200", "Mar 8, 2026, 12:00 PMby manager@example.com"],
      ["TCPA litigators", "Litigator", "0", "Mar 9, 2026, 12:00 PM"],
    ]);
    expect(screen.getByText(/kept as a keyed hash, never as a number/)).toBeTruthy();
    expect(screen.getByText(/The upload replaces every number the list holds/)).toBeTruthy();
  });

  it("sends the chosen file's text as text/plain to the chosen list, and says what it kept", async () => {
    const text = "phone\n2125550001\n(212) 555-0002\n\n2125550001\n";
    const { calls } = server(() => ({
      status: 200,
      body: {
        status: 200,
        message: "Replaced.",
        data: { list: listAfter({ entries: 2 }), entries: 2, skipped: 2, duplicates: 1 },
      },
    }));
    showLists();
    await table();
    fireEvent.click(screen.getByRole("button", { name: "Upload and replace" }));
    expect(await screen.findByText("Choose a file to upload.")).toBeTruthy();
    expect(calls).toEqual([]);

    fireEvent.change(screen.getByLabelText("List"), { target: { value: "l1" } });
    const file = new File([text], "dnc.csv", { type: "text/csv" });
    fireEvent.change(screen.getByLabelText("File"), { target: { files: [file] } });
    fireEvent.click(screen.getByRole("button", { name: "Upload and replace" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: "PUT",
      url: "/api/console/screening/lists/l1/entries",
      type: "text/plain",
      body: text,
    });
    await waitFor(() =>
      expect(status().textContent).toBe(
        "Operator DNC: 2 numbers kept, 2 lines skipped, 1 repeated number counted once. The list now holds these numbers only.",
      ),
    );
  });

  it("shows on the file the server's word that it holds no phone", async () => {
    const none = "Not one line of this file holds a phone: the list is unchanged.";
    server(() => ({ status: 400, body: { status: 400, message: none, errors: { body: none } } }));
    showLists();
    await table();
    fireEvent.change(screen.getByLabelText("List"), { target: { value: "l2" } });
    fireEvent.change(screen.getByLabelText("File"), { target: { files: [new File(["name\n"], "x.txt")] } });
    fireEvent.click(screen.getByRole("button", { name: "Upload and replace" }));
    expect(await screen.findByText(none)).toBeTruthy();
    expect(screen.getByLabelText("File").getAttribute("aria-invalid")).toBe("true");
  });

  it("creates a list, and shows a name taken on the name field", async () => {
    const { calls } = server((call) =>
      JSON.parse(call.body!).name === "Operator DNC"
        ? { status: 409, body: { status: 409, message: "Taken.", errors: { name: "Another list has this name." } } }
        : { status: 201, body: { status: 201, message: 'List "Registry 201" created.', data: { list: LISTS[0] } } },
    );
    showLists();
    await table();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Operator DNC" } });
    fireEvent.click(screen.getByRole("button", { name: "Create list" }));
    expect(await screen.findByText("Another list has this name.")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Registry 201" } });
    fireEvent.change(screen.getByLabelText(/^Kind/), { target: { value: "litigator" } });
    fireEvent.click(screen.getByRole("button", { name: "Create list" }));
    await waitFor(() => expect(status().textContent).toBe('List "Registry 201" created.'));
    expect(calls.map((c) => [c.method, c.url, JSON.parse(c.body!)])).toEqual([
      ["POST", LISTS_API, { name: "Operator DNC", kind: "do_not_call" }],
      ["POST", LISTS_API, { name: "Registry 201", kind: "litigator" }],
    ]);
  });

  it("renames a list in a dialog", async () => {
    const { calls } = server(() => ({
      status: 200,
      body: { status: 200, message: 'List renamed "Our DNC".', data: { list: listAfter({ name: "Our DNC" }) } },
    }));
    showLists();
    await table();
    fireEvent.click(screen.getByRole("button", { name: "Rename Operator DNC" }));
    const dialog = await screen.findByRole("dialog", { name: "Rename Operator DNC", hidden: true });
    fireEvent.change(within(dialog).getByLabelText("New name"), { target: { value: "Our DNC" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Rename", hidden: true }));
    await waitFor(() => expect(status().textContent).toBe('List renamed "Our DNC".'));
    expect(calls.map((c) => [c.method, c.url, JSON.parse(c.body!)])).toEqual([
      ["PATCH", `${LISTS_API}/l1`, { name: "Our DNC" }],
    ]);
  });

  it("deletes a list only once the dialog is confirmed", async () => {
    const { calls } = server(() => ({
      status: 200,
      body: { status: 200, message: 'List "TCPA litigators" deleted.' },
    }));
    showLists();
    await table();
    fireEvent.click(screen.getByRole("button", { name: "Delete TCPA litigators" }));
    let dialog = await screen.findByRole("dialog", { name: "Delete TCPA litigators?", hidden: true });
    expect(dialog.textContent).toContain("The litigator list TCPA litigators and its 0 numbers go for good.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep it", hidden: true }));
    await waitFor(() => expect(screen.queryByRole("dialog", { hidden: true })).toBeNull());
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Delete TCPA litigators" }));
    dialog = await screen.findByRole("dialog", { name: "Delete TCPA litigators?", hidden: true });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete TCPA litigators", hidden: true }));
    await waitFor(() => expect(status().textContent).toBe('List "TCPA litigators" deleted.'));
    expect(calls.map((c) => [c.method, c.url])).toEqual([["DELETE", `${LISTS_API}/l2`]]);
  });

  it("offers no change to an operator who may not manage buyers", async () => {
    server();
    showLists(false);
    await table();
    expect(screen.queryByRole("button", { name: /Rename|Delete|Upload|Create/ })).toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.queryByLabelText("File")).toBeNull();
    expect(screen.getByText(/kept as a keyed hash, never as a number/)).toBeTruthy();
  });
});
