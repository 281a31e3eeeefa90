// GET /api/routing/:aba names the bank from several sources in turn (docs/decisions/0011-routing-directory.md):
// the operator's FedACH directory file when configured, then the directory table the product ships, then a
// lookup service when configured.

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
