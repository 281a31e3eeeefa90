import type { Page } from "playwright-core";

/** How the fake buyers of the end-to-end files answer: `{ result: "accepted", price, id, offer }`. */
const ANSWER = { success: { path: "result", equals: ["accepted"] }, price: "price", id: "id", redirectUrl: "offer" };

export type NewBuyer = {
  id: string;
  name: string;
  pingUrl: string;
  postUrl: string;
  testMode: "live" | "test" | "both";
};

/**
 * Fills the console's New buyer form (on the page already) as an operator would: a buyer that pings with the
 * lead's state and posts its e-mail, read with ANSWER, then presses Add buyer. The caller waits for what follows
 * (the buyer's page, or the form's message).
 */
export async function fillNewBuyerForm(page: Page, buyer: NewBuyer): Promise<void> {
  const form = page.getByRole("form", { name: "New buyer" });
  await form.getByLabel("Id").fill(buyer.id);
  await form.getByLabel("Name").fill(buyer.name);
  await form.getByLabel("Ping address").fill(buyer.pingUrl);
  await form
    .getByLabel("Ping mapping (JSON)")
    .fill(JSON.stringify({ fields: [{ to: "state", from: "state" }], answer: ANSWER }));
  await form.getByLabel("Post address").fill(buyer.postUrl);
  await form
    .getByLabel("Post mapping (JSON)")
    .fill(JSON.stringify({ fields: [{ to: "email", from: "email" }], answer: ANSWER }));
  await form.getByLabel("Test mode").selectOption(buyer.testMode);
  await form.getByRole("button", { name: "Add buyer" }).click();
}
