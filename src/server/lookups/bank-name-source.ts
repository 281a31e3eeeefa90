import { BANK_ROUTING_NUMBERS } from "./data/bank-routing-numbers.ts";

// GET /api/routing/:aba names the bank from several sources in turn (decisions.md section 2): the
// built-in table, then a FedACH directory file, then a lookup service, each only when configured.

type BankNameSourceName = "table" | "fedach" | "service";

export interface BankNameSource {
  readonly name: BankNameSourceName;
  /** The bank's name, or undefined when this source does not know the number. Never rejects. */
  findBankName(routingNumber: string): Promise<string | undefined>;
}

export type BankMatch = { bankName: string; source: BankNameSourceName };

/** Asks each source in order; the first that knows the number answers. */
export async function findBank(
  sources: readonly BankNameSource[],
  routingNumber: string,
): Promise<BankMatch | undefined> {
  for (const source of sources) {
    const bankName = await source.findBankName(routingNumber);
    if (bankName) return { bankName, source: source.name };
  }
  return undefined;
}

export function createBankTableSource(table = BANK_ROUTING_NUMBERS): BankNameSource {
  const byNumber = new Map(table.flatMap(({ bankName, routingNumbers }) => routingNumbers.map((n) => [n, bankName])));
  return { name: "table", findBankName: async (routingNumber) => byNumber.get(routingNumber) };
}
