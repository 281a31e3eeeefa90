import type { Step } from "#domain/steps/step.ts";

/** What every screen component gets: its row of the step table. */
export type ScreenProps = { step: Step };
