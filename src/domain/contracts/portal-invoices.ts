import { invoicesQuery } from "./console-invoices.ts";

// The buyer portal's invoices (docs/product/buyer-money.md#invoices): the console's list and files, of the signed-in
// buyer only. The buyer is never asked: the server knows it from the session, so the console's `buyer` filter is not
// taken. The answer and a file's address parameters are the console's (console-invoices.ts).

export const portalInvoicesQuery = invoicesQuery.omit({ buyer: true });
