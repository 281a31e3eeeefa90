import { copyrightLine } from "#web/site/copyright.ts";
import { useSite } from "#web/site/use-site.ts";

/** `© 2024 Loanpath. All rights reserved.` under the funnel steps; year and name from configuration. */
export function CopyrightLine() {
  return <p className="copyright-line">{copyrightLine(useSite())}</p>;
}
