import { consoleTitle } from "../console-nav.ts";
import { ApiKeysSection } from "../partner-keys/api-keys-section.tsx";
import { PageHeader } from "../ui/page-header.tsx";

export function meta() {
  return [{ title: consoleTitle("API keys") }];
}

// A buyer's own API keys (docs/product/buyer-money.md#the-buyer-portal): the keys its systems call the buyer API with
// (docs/product/partners.md#the-partner-api), issued and revoked by the buyer itself. The server knows whose they are
// from the session; the page never names the buyer in an address.
export default function PortalKeysRoute() {
  return (
    <>
      <PageHeader
        title="API keys"
        description="The keys your systems use to call Loanpath's buyer API (to return a lead, say). A new key is shown once; revoke one you no longer use or that may have leaked."
      />
      <ApiKeysSection keysPath="/portal/keys" partnerName="your account" writer title="Your keys" />
    </>
  );
}
