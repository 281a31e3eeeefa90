// The limits of the reminders to finish an application (docs/product/mail.md#reminders).

/** What the mail outbox calls a reminder (its `purpose`), so the check at send time knows its own. */
export const REMINDER_PURPOSE = "resume-reminder";

/** Three reminders at most for one lead. */
export const MAX_REMINDERS = 3;

/** At most one a day: the next one waits this long after the last. */
export const REMINDER_GAP_HOURS = 24;

/**
 * A lead left longer than this gets no reminder at all: switching reminders on, or a server that was down,
 * must not mail everyone who ever left an application. Long enough for all three (delay, +1 day, +2 days).
 */
export const REMINDER_WINDOW_DAYS = 7;
