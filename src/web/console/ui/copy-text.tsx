import { useId, useState } from "react";

// A value to copy whole (a tracking link): shown as it is, selectable, with a button that copies it. The result is
// said in a live region that is on the page from the start, so a screen reader announces "Copied".
export function CopyText({ label, value }: { label: string; value: string }) {
  const id = useId();
  const [said, setSaid] = useState("");
  const copy = async () => {
    setSaid("");
    try {
      await navigator.clipboard.writeText(value);
      setSaid("Copied");
    } catch {
      // No clipboard (an insecure origin, a refused permission): the value is on screen to select.
      setSaid("Could not copy: select the text and copy it.");
    }
  };
  return (
    <span className="console-copy">
      <code id={id} className="console-wrap">
        {value}
      </code>{" "}
      <button type="button" className="console-button" aria-describedby={id} onClick={() => void copy()}>
        Copy {label}
      </button>{" "}
      <span role="status">{said}</span>
    </span>
  );
}
