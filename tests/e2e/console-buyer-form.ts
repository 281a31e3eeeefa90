import type { Locator, Page } from "playwright-core";

export type NewBuyer = {
  id: string;
  name: string;
  pingUrl: string;
  postUrl: string;
  testMode: "live" | "test" | "both";
};

/**
 * One call's mapping in the form's field-mapping table: one field sent (the buyer's name for it and the lead's field it
 * takes), and how the fake buyers of the end-to-end files answer: `{ result: "accepted", price, id, offer }`.
 */
export async function fillCall(
  form: Locator,
  call: "ping" | "post",
  field: { to: string; from: string },
  /** Whether the answer is read for a price and a redirect too, or only for acceptance and an id. */
  { priced = true }: { priced?: boolean } = {},
) {
  const Call = call === "ping" ? "Ping" : "Post";
  await form.getByRole("button", { name: `Add a ${call} field` }).click();
  await form.getByLabel(`Buyer's field, ${call} row 1`).fill(field.to);
  await form.getByLabel(`Source, ${call} row 1`).selectOption(field.from);
  await form.getByLabel(`${Call} answer: success path`).fill("result");
  const accepted = form.getByLabel(`${Call} answer: values that mean accepted`);
  await accepted.fill("accepted");
  await accepted.press("Enter");
  await form.getByLabel(`${Call} answer: id path`).fill("id");
  if (!priced) return;
  await form.getByLabel(`${Call} answer: price path`).fill("price");
  await form.getByLabel(`${Call} answer: redirect path`).fill("offer");
}

/**
 * Fills the console's New buyer form (on the page already) as an operator would: a buyer that pings with the
 * lead's state and posts its e-mail, then presses Add buyer. The caller waits for what follows (the buyer's page, or
 * the form's message).
 */
export async function fillNewBuyerForm(page: Page, buyer: NewBuyer): Promise<void> {
  const form = page.getByRole("form", { name: "New buyer" });
  await form.getByLabel("Id", { exact: true }).fill(buyer.id);
  await form.getByLabel("Name", { exact: true }).fill(buyer.name);
  await form.getByLabel("Ping address").fill(buyer.pingUrl);
  await form.getByLabel("Post address").fill(buyer.postUrl);
  await form.getByLabel("Test mode").selectOption(buyer.testMode);
  await fillCall(form, "ping", { to: "state", from: "state" });
  await fillCall(form, "post", { to: "email", from: "email" });
  await form.getByRole("button", { name: "Add buyer" }).click();
}
