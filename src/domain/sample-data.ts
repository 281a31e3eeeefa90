// What marks the sample volume `npm run seed:volume` writes (README, "Other commands";
// docs/decisions/0045-seeded-volume.md), in one place for the seed that writes it and for the product that must
// treat it as no real person: a seeded lead's id is "ld_" + "seed" + 18 digits. It still reads as a lead id, so the
// console opens it like any other, but the server never makes one (its ids are 22 random base64url characters
// after "ld_"), so a real applicant's id never matches.

export const SEED_ID_PREFIX = "ld_seed";
export const SEED_ID_DIGITS = 18;

/** A seeded lead's id as a regular expression, the same in PostgreSQL (`id ~ SEEDED_LEAD_ID_PATTERN`) and JavaScript. */
export const SEEDED_LEAD_ID_PATTERN = `^${SEED_ID_PREFIX}[0-9]{${SEED_ID_DIGITS}}$`;
