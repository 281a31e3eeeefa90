// The console test's sample person is the domain's, so the buyer form's preview shows what a test sends.
export { sampleFor } from "#domain/buyers/sample-lead.ts";
