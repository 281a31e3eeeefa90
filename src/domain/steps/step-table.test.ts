import { describe, expect, it } from "vitest";
import { CLIENT_TO_SERVER } from "../fields/field-names.ts";
import { MESSAGES } from "../messages.ts";
import {
  BANK_ACCOUNT_TYPE_OPTIONS,
  CONTACT_TIME_OPTIONS,
  RESIDENCE_DURATION_ALT_OPTIONS,
  RESIDENCE_DURATION_OPTIONS,
} from "../options.ts";
import { screenForm } from "./screen-form.testing.ts";
import {
  choiceOptions,
  MAIN_STEP_ORDER,
  progressPercent,
  STEPS,
  stepByPath,
  stepBySlug,
  stepTitle,
  TOTAL_STEPS,
} from "./step-table.ts";

/** The message a choice screen shows when nothing is chosen. */
const choiceMessage = (slug: string) => screenForm(slug).safeParse({}).error?.issues[0]?.message;
const bodyFields = (slug: string) => Object.keys(stepBySlug(slug)?.body ?? {});

const APPLY_PATHS = [
  "/apply/home_time",
  "/apply/score",
  "/apply/bank",
  "/apply/deposit",
  "/apply/bank_time",
  "/apply/driver",
  "/apply/ssn",
  "/apply/debt",
  "/apply/address",
  "/apply/own_home",
  "/apply/own_car",
];

describe("step table (docs/product/screens-and-routes.md)", () => {
  it("keeps the spec's main order of 24 slugs", () => {
    // prettier-ignore
    expect(MAIN_STEP_ORDER).toEqual([
      "lgname", "email", "cellphone", "dob", "address", "hometime", "ownhome", "incomesource", "emptime",
      "unsecureddebtamount", "payfreequency", "grossincome", "nextpaydate", "empinfor", "workphone", "deposit",
      "aba", "banktype", "banktime", "bankaccount", "driverid", "owncar", "creditscore", "ssn",
    ]);
    expect(TOTAL_STEPS).toBe(24);
    expect(MAIN_STEP_ORDER).toHaveLength(TOTAL_STEPS);
  });

  it("links the main flow to its neighbours, from / to the submit screen /requestcash", () => {
    expect(stepBySlug("lgname")).toMatchObject({ path: "/lgname", back: "/", next: "/email", indicator: 2 });
    expect(stepBySlug("cellphone")).toMatchObject({ back: "/email", next: "/dob", indicator: 3, stepNumber: 2 });
    expect(stepBySlug("ssn")).toMatchObject({
      back: "/creditscore",
      next: "/requestcash",
      indicator: 24,
      stepNumber: 25,
    });
    for (let i = 1; i < MAIN_STEP_ORDER.length; i++) {
      const step = stepBySlug(MAIN_STEP_ORDER[i]!)!;
      expect(step.path).toBe(`/${MAIN_STEP_ORDER[i]}`);
      expect(step.back).toBe(`/${MAIN_STEP_ORDER[i - 1]}`);
      if (i < MAIN_STEP_ORDER.length - 1) expect(step.next).toBe(`/${MAIN_STEP_ORDER[i + 1]}`);
    }
  });

  it("gives the main screens the route table's indicators; credit score fills the gap with 23", () => {
    const indicators = MAIN_STEP_ORDER.map((slug) => stepBySlug(slug)!.indicator);
    expect(indicators).toEqual([2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
  });

  it("carries the extra screens of docs/product/settled-readings.md readings 2 and 12", () => {
    expect(stepByPath("/besttimecontact")).toMatchObject({
      indicator: 6,
      back: "/cellphone",
      next: "/dob",
      stepNumber: 4,
    });
    expect(bodyFields("besttimecontact")).toEqual(["contactTime"]);
    expect(choiceOptions(stepByPath("/besttimecontact")!)).toEqual(CONTACT_TIME_OPTIONS);
    expect(MAIN_STEP_ORDER).not.toContain("besttimecontact");
    expect(stepByPath("/nextpaydatesort")).toMatchObject({ back: "/grossincome", stepNumber: 14, screen: "pay-date" });
    expect(stepByPath("/loanreason")).toMatchObject({
      next: "/nextpaydatesort",
      fields: ["amount", "loanReason"],
      stepNumber: null,
    });
    expect(stepByPath("/requestcash")).toMatchObject({ next: "/mapping-lender", stepNumber: null });
  });

  it("has every /apply/* path with the indicators of docs/product/settled-readings.md#3-progress-indicators and the spec's links", () => {
    for (const path of APPLY_PATHS) expect(stepByPath(path), path).toBeDefined();
    expect(stepByPath("/apply/bank")).toMatchObject({
      indicator: 12,
      back: "/apply/score",
      next: "/apply/deposit",
      stepNumber: 18,
    });
    expect(stepByPath("/apply/deposit")).toMatchObject({
      indicator: 13,
      back: "/apply/bank",
      next: "/apply/bank_time",
    });
    expect(stepByPath("/apply/bank_time")).toMatchObject({
      indicator: 14,
      back: "/apply/deposit",
      next: "/apply/driver",
    });
    expect(stepByPath("/apply/ssn")).toMatchObject({ indicator: 17, back: "/apply/own_car", next: "/apply/debt" });
    expect(stepByPath("/apply/home_time")).toMatchObject({ back: "/apply/address", next: "/apply/own_home" });
  });

  it("moves the bar only forward along the alternate path", () => {
    const order = [
      "/apply/address",
      "/apply/home_time",
      "/apply/own_home",
      "/apply/score",
      "/apply/bank",
      "/apply/deposit",
      "/apply/bank_time",
      "/apply/driver",
      "/apply/own_car",
      "/apply/ssn",
      "/apply/debt",
    ];
    for (let i = 1; i < order.length; i++) {
      expect(stepByPath(order[i - 1]!)!.next).toBe(order[i]);
      expect(stepByPath(order[i]!)!.indicator).toBeGreaterThan(stepByPath(order[i - 1]!)!.indicator);
    }
  });

  it("uses the alternate residence labels on /apply/home_time, the main ones on /hometime (docs/product/settled-readings.md#9-alternate-residence-labels)", () => {
    expect(choiceOptions(stepByPath("/hometime")!)).toEqual(RESIDENCE_DURATION_OPTIONS);
    expect(stepByPath("/hometime")?.defaultValue).toBe("12");
    expect(choiceOptions(stepByPath("/apply/home_time")!)).toEqual(RESIDENCE_DURATION_ALT_OPTIONS);
    expect(stepByPath("/apply/home_time")?.defaultValue).toBe("102");
    // Each screen's form takes only the list it shows.
    expect(screenForm("apply-home_time").safeParse({ currentResidenceDuration: "12" }).success).toBe(false);
    expect(screenForm("apply-home_time").safeParse({ currentResidenceDuration: "102" }).success).toBe(true);
  });

  it("has unique slugs and paths, known fields, and next/back routes that exist", () => {
    expect(new Set(STEPS.map((s) => s.slug)).size).toBe(STEPS.length);
    expect(new Set(STEPS.map((s) => s.path)).size).toBe(STEPS.length);
    const outside = new Set(["/", "/mapping-lender"]);
    for (const step of STEPS) {
      for (const field of step.fields) expect(Object.keys(CLIENT_TO_SERVER), `${step.slug}.${field}`).toContain(field);
      if (step.back)
        expect(outside.has(step.back) || stepByPath(step.back) !== undefined, `${step.slug} back`).toBe(true);
      expect(outside.has(step.next) || stepByPath(step.next) !== undefined, `${step.slug} next ${step.next}`).toBe(
        true,
      );
      expect(step.indicator).toBeGreaterThanOrEqual(1);
      expect(step.indicator).toBeLessThanOrEqual(TOTAL_STEPS);
      if (step.stepNumber === null) expect(step.body, step.slug).toBeUndefined();
      else expect(Object.keys(step.body ?? {}).length, step.slug).toBeGreaterThan(0);
    }
  });

  it("gives every single-choice screen one field, its options, its message and a default among its options", () => {
    const choices = STEPS.filter((s) => s.screen === "choice");
    expect(choices.length).toBeGreaterThan(10);
    for (const step of choices) {
      expect(step.fields, step.slug).toHaveLength(1);
      expect(choiceOptions(step).length, step.slug).toBeGreaterThan(1);
      expect(Object.values(MESSAGES), step.slug).toContain(choiceMessage(step.slug));
      for (const option of choiceOptions(step)) {
        expect(screenForm(step.slug).safeParse({ [step.fields[0]!]: String(option.value) }).success).toBe(true);
      }
      if (step.defaultValue !== undefined) {
        expect(
          choiceOptions(step).map((o) => String(o.value)),
          step.slug,
        ).toContain(step.defaultValue);
      }
    }
    expect(STEPS.filter((s) => s.screen !== "choice").every((s) => s.options === undefined)).toBe(true);
  });

  it("shows docs/product/validation.md's message on each choice screen", () => {
    const message = choiceMessage;
    expect(message("hometime")).toBe("Please select one option.");
    expect(message("ownhome")).toBe("Please choose an answer");
    expect(message("incomesource")).toBe("Please choose an answer");
    expect(message("deposit")).toBe("Please choose an answer!");
    expect(message("banktype")).toBe("Please select one option.");
    expect(message("owncar")).toBe("Please select one option.");
    expect(message("creditscore")).toBe("Please select one option.");
    expect(message("unsecureddebtamount")).toBe("Please select one option.");
    expect(choiceOptions(stepBySlug("banktype")!)).toEqual(BANK_ACCOUNT_TYPE_OPTIONS);
    expect(stepBySlug("banktype")?.defaultValue).toBe("CHECKING");
    expect(stepBySlug("ownhome")?.defaultValue).toBe("YES");
  });

  it("uses the spec's titles and subtitles where it gives them", () => {
    expect(stepBySlug("lgname")?.title).toBe("Your Legal Name");
    expect(stepBySlug("dob")?.title).toBe("Date of Birth");
    expect(stepBySlug("address")?.title).toBe("Address of Residence");
    expect(stepBySlug("hometime")?.title).toBe("Time at Current Residence");
    expect(stepBySlug("nextpaydate")).toMatchObject({
      title: "Next Pay Date",
      subtitle: "When you will be getting paid next",
    });
    expect(stepBySlug("deposit")?.title).toBe("Do you get direct deposit\u00a0?");
    expect(stepBySlug("unsecureddebtamount")?.title).toBe("How much unsecured debt do you have to pay?");
    expect(stepBySlug("cellphone")?.subtitle).toBe("Lenders might call you to discuss your loan request.");
    expect(stepBySlug("driverid")?.subtitle).toBe(
      "Your driver's license number is used to verify your identity and prevent fraud.",
    );
    expect(stepBySlug("creditscore")?.subtitle).toBe(
      "To your best knowledge, tell us your credit score. Don't worry, we consider all credit types.",
    );
    expect(stepBySlug("ssn")?.subtitle).toBe("Many lenders need SSN to consider a loan.");
    expect(stepByPath("/apply/bank")?.subtitle).toBe(
      "When you provide your bank details, lenders can review your request with a higher acceptance rate!",
    );
  });

  it("finds nothing for unknown slugs and paths", () => {
    expect(stepBySlug("nope")).toBeUndefined();
    expect(stepByPath("/nope")).toBeUndefined();
    expect(stepByPath("lgname")).toBeUndefined();
  });
});

describe("progress and titles", () => {
  it("computes progress as indicator / 24, one decimal, within 0..100", () => {
    expect(progressPercent(24)).toBe(100);
    expect(progressPercent(12)).toBe(50);
    expect(progressPercent(2)).toBe(8.3);
    expect(progressPercent(23)).toBe(95.8);
    expect(progressPercent(25)).toBe(100);
    expect(progressPercent(0)).toBe(0);
    expect(progressPercent(-1)).toBe(0);
  });

  it("fills the first name into greetings, or greets 'there'", () => {
    expect(stepTitle(stepByPath("/apply/bank")!, { firstName: " Ana " })).toBe("Ana, you are at the final steps");
    expect(stepTitle(stepByPath("/loanreason")!, {})).toBe("Welcome back, there!");
    expect(stepTitle(stepByPath("/loanreason")!, { firstName: "  " })).toBe("Welcome back, there!");
    expect(stepTitle(stepByPath("/dob")!, { firstName: "Ana" })).toBe("Date of Birth");
  });
});
