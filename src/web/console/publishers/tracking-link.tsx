import { CopyText } from "../ui/copy-text.tsx";

/** The whole link to copy, and what a campaign may add to it (docs/product/partners.md#publishers). */
export function TrackingLink({ link }: { link: string }) {
  return (
    <>
      <CopyText label="tracking link" value={link} />
      <br />
      <small>
        Add <code>?sub1=…&amp;clickid=…</code> as the campaign needs (<code>sub1</code> to <code>sub5</code>,{" "}
        <code>clickid</code>, <code>utm_*</code>).
      </small>
    </>
  );
}
