import type { Device } from "../../../domain/contracts/console-reports.ts";

// Phone or desktop from a lead's user agent, for the funnel (issue 19). A phone's browser says "Mobi"
// (Chrome and Firefox on Android phones, Safari on iPhone: "Mobile"), or names the phone. Tablets
// (iPad, Android without "Mobile") count as desktop: they get the wide layout. One pattern, read by
// `deviceOf` here and by the funnel's SQL (`~*`), so both sort a lead alike; it uses only what a
// JavaScript and a PostgreSQL regular expression read the same way.
export const PHONE_USER_AGENT = "Mobi|iPhone|iPod|Windows Phone|BlackBerry|BB10|Opera Mini|IEMobile";

const phone = new RegExp(PHONE_USER_AGENT, "i");

/** A lead without a user agent counts as desktop, as in the funnel's SQL. */
export function deviceOf(userAgent: string | null | undefined): Device {
  return userAgent && phone.test(userAgent) ? "phone" : "desktop";
}
