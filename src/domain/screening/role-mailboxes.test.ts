import { describe, expect, it } from "vitest";
import { isRoleMailbox } from "./role-mailboxes.ts";

describe("role mailboxes", () => {
  it.each(["info@acme.com", "Support@acme.com", "NO-REPLY@acme.com", "sales+loans@acme.com", "hr@acme.com"])(
    "knows %s for a role's",
    (email) => expect(isRoleMailbox(email)).toBe(true),
  );

  it.each(["ana.lopez@acme.com", "information@acme.com", "infos@acme.com", "ana+info@acme.com", "hr.ana@acme.com"])(
    "knows %s for a person's",
    (email) => expect(isRoleMailbox(email)).toBe(false),
  );
});
