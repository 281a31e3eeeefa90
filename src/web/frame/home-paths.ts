/**
 * The paths that render the landing page (docs/product/settled-readings.md#1-landing-page-paths: both / and /start).
 */
export const HOME_PATHS: readonly string[] = ["/", "/start"];

export const HOW_IT_WORKS_SECTION_ID = "how-it-works";
export const QUICK_START_SECTION_ID = "quick-start";
