import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CLIENT_TO_SERVER,
  incomeForWire,
  incomeFromWire,
  SERVER_TO_CLIENT,
  PERSONAL_FIELD_NAMES,
  serverFieldOf,
  toClientFields,
  toServerFields,
  WIRE_ALIASES,
} from "./field-names.ts";
import { LEAD_FIELDS, SERVER_FIELDS, type ClientField } from "./lead-fields.ts";
import { INCOME_SOURCE_OPTIONS } from "../options.ts";

describe("field names (docs/product/lead-fields.md)", () => {
  it("maps every row of the spec's table", () => {
    expect(CLIENT_TO_SERVER).toMatchObject({
      bankAccount: "bank_account_number",
      bankAccountType: "bank_account_type",
      bankName: "bank_name",
      bestTimeContact: "contact_time",
      creditScoreRating: "credit_score",
      currentBankDuration: "bank_account_length_month",
      currentCompanyDuration: "work_time_at_employer",
      currentResidenceDuration: "time_at_residence",
      employerName: "work_company_name",
      employerPhone: "work_phone",
      firstName: "first_name",
      lastName: "last_name",
      getDirectDeposit: "bank_direct_deposit",
      incomeSource: "income_type",
      ipAddress: "user_ip",
      issuingState: "drivers_license_state",
      licenseID: "drivers_license_number",
      loanReason: "loan_reason",
      amount: "loan_amount",
      monthlyIncome: "income_net_monthly",
      incomeNextDate1: "income_next_date_1",
      incomeNextDate2: "income_next_date_2",
      ownCar: "own_car",
      incomePaymentFrequency: "income_payment_frequency",
      phone: "home_phone",
      residenceOwnership: "own_home",
      routingNumber: "bank_aba",
      socialSecurityNumber: "ssn",
      streetAddress: "address",
      testMode: "test_mode",
      unsecuredDebtAmount: "debt_amount",
      zipCode: "zip",
      createdAt: "created_at",
    });
  });

  it("keeps the unchanged names and names the further fields", () => {
    expect(CLIENT_TO_SERVER).toMatchObject({
      city: "city",
      dob: "dob",
      email: "email",
      state: "state",
      userAgent: "user_agent",
    });
    expect(CLIENT_TO_SERVER).toMatchObject({
      cellPhone: "cell_phone",
      middleName: "middle_name",
      jobTitle: "job_title",
      activeMilitary: "active_military",
      utm_source: "utm_source",
    });
  });

  it("is one-to-one, so it inverts", () => {
    const servers = Object.values(CLIENT_TO_SERVER);
    expect(new Set(servers).size).toBe(servers.length);
    for (const [client, server] of Object.entries(CLIENT_TO_SERVER)) expect(SERVER_TO_CLIENT[server]).toBe(client);
  });

  it("converts both ways and leaves unknown names alone", () => {
    const client = { firstName: "Ana", routingNumber: "021000021", amount: 500, somethingElse: 1 };
    const server = toServerFields(client);
    expect(server).toEqual({ first_name: "Ana", bank_aba: "021000021", loan_amount: 500, somethingElse: 1 });
    expect(toClientFields(server)).toEqual(client);
  });

  it("round-trips any contact in client names", () => {
    // Latitude and longitude together read back as one zipPosition (the next test); alone they round-trip.
    const clientNames = (Object.keys(CLIENT_TO_SERVER) as ClientField[]).filter((f) => f !== "latitude");
    const contact = fc.dictionary(
      fc.constantFrom(...clientNames),
      fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
    );
    fc.assert(
      fc.property(contact, (c) => {
        expect(toClientFields(toServerFields(c))).toEqual(c);
      }),
    );
  });

  it("sends the zip position as latitude and longitude, and reads it back", () => {
    const server = toServerFields({ zipCode: "10001", zipPosition: { lat: 40.75, long: -73.99 } });
    expect(server).toEqual({ zip: "10001", latitude: 40.75, longitude: -73.99 });
    expect(toClientFields(server)).toEqual({ zipCode: "10001", zipPosition: { lat: 40.75, long: -73.99 } });
    // Half a position is not a position.
    expect(toClientFields({ latitude: 40.75 })).toEqual({ latitude: 40.75 });
  });

  it("resolves step-body aliases to server names", () => {
    expect(serverFieldOf("bankAba")).toBe("bank_aba");
    expect(serverFieldOf("addressLengthMonths")).toBe("time_at_residence");
    expect(serverFieldOf("own_car")).toBe("own_car");
    expect(serverFieldOf("constructor")).toBeUndefined();
    expect(serverFieldOf("nope")).toBeUndefined();
    for (const server of Object.values(WIRE_ALIASES)) expect(Object.values(CLIENT_TO_SERVER)).toContain(server);
  });

  it("gives every name one meaning: no client name or alias is another field's name", () => {
    for (const field of SERVER_FIELDS) {
      const spec = LEAD_FIELDS[field] as { client: string; aliases?: readonly string[] };
      for (const name of [spec.client, ...(spec.aliases ?? [])]) expect(serverFieldOf(name), name).toBe(field);
    }
  });

  it("never logs a personal or sensitive field under any of its names", () => {
    for (const name of ["ssn", "socialSecurityNumber", "bank_aba", "bankAba", "routingNumber", "phone", "homePhone"])
      expect(PERSONAL_FIELD_NAMES).toContain(name);
    expect(PERSONAL_FIELD_NAMES).not.toContain("loan_amount");
    expect(PERSONAL_FIELD_NAMES).not.toContain("zip");
  });
});

describe("military income (docs/product/behaviour.md)", () => {
  it("sends MILITARY as SELF_EMPLOYMENT with activeMilitary YES, anything else with NO", () => {
    expect(incomeForWire("MILITARY")).toEqual({ incomeType: "SELF_EMPLOYMENT", activeMilitary: "YES" });
    expect(incomeForWire("SELF_EMPLOYMENT")).toEqual({ incomeType: "SELF_EMPLOYMENT", activeMilitary: "NO" });
    expect(incomeForWire("BENEFITS")).toEqual({ incomeType: "BENEFITS", activeMilitary: "NO" });
    expect(incomeForWire("EMPLOYMENT")).toEqual({ incomeType: "EMPLOYMENT", activeMilitary: "NO" });
  });

  it("reads every income source back from the wire", () => {
    for (const { value } of INCOME_SOURCE_OPTIONS) {
      const wire = incomeForWire(value);
      expect(incomeFromWire(wire.incomeType, wire.activeMilitary)).toBe(value);
    }
    expect(incomeFromWire("EMPLOYMENT", null)).toBe("EMPLOYMENT");
  });
});
