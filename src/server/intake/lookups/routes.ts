import type { FastifyInstance } from "fastify";
import type { Config } from "../../platform/config/config.ts";
import { registerAddressSuggestRoute } from "./address-suggest-route.ts";
import { NO_ADDRESS_SUGGESTIONS, type AddressSuggester } from "./address-suggester.ts";
import type { BankNameSource } from "./bank-name-source.ts";
import { createFedAchSource } from "./fedach-directory.ts";
import { createGeoapifyAddressSuggester } from "./geoapify-address-suggester.ts";
import { createShippedDirectorySource } from "./routing-directory-source.ts";
import { registerRoutingRoute } from "./routing-route.ts";
import { createRoutingLookupService } from "./routing-lookup-service.ts";
import { registerSuggestRoute } from "./suggest-route.ts";
import { createSuggestionIndexes } from "./suggestion-lists.ts";
import { createPackagedZipDirectory } from "./zip-directory.ts";

// The lookup calls of docs/product/server-calls.md: name/employer/title suggestions, address suggestions and the
// routing-number lookup. Each outside service is used only when configured
// (docs/product/server-calls.md#server-contract).
import { guardedFetch } from "../../platform/net/guarded-fetch.ts";

export default async function lookupRoutes(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  const settings = config.lookups;
  const zips = createPackagedZipDirectory();
  // Every outside service's address is someone's configuration: it goes through the one guard (0040).
  const fetch = guardedFetch(app.outboundGuard);

  const suggester: AddressSuggester = settings.addressSuggestApiKey
    ? createGeoapifyAddressSuggester({
        baseUrl: settings.addressSuggestUrl,
        apiKey: settings.addressSuggestApiKey,
        timeoutMs: settings.timeoutMs,
        zips,
        fallback: NO_ADDRESS_SUGGESTIONS,
        log: app.log,
        fetch,
      })
    : NO_ADDRESS_SUGGESTIONS;

  // The operator's FedACH file before the shipped table: it is there because it is newer
  // (docs/decisions/0011-routing-directory.md). The table still names what the file lacks.
  const sources: BankNameSource[] = [];
  if (settings.routingFedAchFile) {
    sources.push(createFedAchSource({ filePath: settings.routingFedAchFile, log: app.log }));
  }
  sources.push(createShippedDirectorySource({ log: app.log }));
  if (settings.routingLookupUrl) {
    sources.push(
      createRoutingLookupService({
        baseUrl: settings.routingLookupUrl,
        apiKey: settings.routingLookupApiKey,
        timeoutMs: settings.timeoutMs,
        log: app.log,
        fetch,
      }),
    );
  }

  registerSuggestRoute(app, { config, indexes: createSuggestionIndexes() });
  registerAddressSuggestRoute(app, { config, suggester });
  registerRoutingRoute(app, { config, sources });
}
