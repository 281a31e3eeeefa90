import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ATTRIBUTION_KEYS } from "#domain/attribution.ts";
import { EMAIL_LINK_PARAM_NAMES } from "#domain/mail-links.ts";
import { hydrationGate, type HydrationGateOptions } from "./hydration-gate.ts";
import { UNREAD_ENTRY_KEY } from "./hydrated-event.ts";

const HYDRATED = "test:hydrated";
const FAILED = "test:failed";

// The gate as a page runs it: rebuilt from its source text alone, as scripts/defer-hydration.ts inlines it, so
// anything it took from outside its own body would fail here.
const inlinedGate = new Function(`return (${hydrationGate.toString()});`)() as typeof hydrationGate;

function openGate(options: Partial<HydrationGateOptions> = {}) {
  let open = false;
  const done = inlinedGate({
    hydratedEvent: HYDRATED,
    failedEvent: FAILED,
    untilIntent: true,
    startAtOnceParams: EMAIL_LINK_PARAM_NAMES,
    unreadEntryKey: UNREAD_ENTRY_KEY,
    campaignParams: ATTRIBUTION_KEYS,
    ...options,
  }).then(() => {
    open = true;
  });
  return { isOpen: () => open, done };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

beforeEach(() => {
  history.replaceState(null, "", "/");
  sessionStorage.clear();
  document.body.innerHTML = "";
});
afterEach(() => {
  // Every gate a test opened stops holding taps.
  window.dispatchEvent(new Event(HYDRATED));
});

describe("hydration gate: when the app starts", () => {
  it("waits on the landing page until the visitor reaches for it", async () => {
    const gate = openGate();
    await settle();
    expect(gate.isOpen()).toBe(false);
    document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    await gate.done;
    expect(gate.isOpen()).toBe(true);
  });

  it("counts a key, a focus, a scroll or a bare click (voice control) as reaching for the page, as a touch", async () => {
    for (const event of [
      new KeyboardEvent("keydown", { key: "Tab" }),
      new FocusEvent("focusin"),
      new Event("scroll"),
      new MouseEvent("click"),
    ]) {
      const gate = openGate();
      await settle();
      expect(gate.isOpen()).toBe(false);
      window.dispatchEvent(event);
      await gate.done;
      expect(gate.isOpen()).toBe(true);
    }
  });

  it("does not take the browser's own pointermove where the pointer rests for the visitor, only a pointer that moves", async () => {
    // Chromium sends one as the page lays out under a resting pointer (at 0, 0 in a headless browser): a trusted
    // event that a busy machine delivers after the gate listens.
    const gate = openGate();
    window.dispatchEvent(new PointerEvent("pointermove", { clientX: 0, clientY: 0 }));
    await settle();
    window.dispatchEvent(new PointerEvent("pointermove", { clientX: 0, clientY: 0 }));
    await settle();
    expect(gate.isOpen()).toBe(false);
    window.dispatchEvent(new PointerEvent("pointermove", { clientX: 20, clientY: 300, movementX: 20, movementY: 300 }));
    await gate.done;
    expect(gate.isOpen()).toBe(true);
  });

  it("does not take the browser's own scroll of an element for the visitor, only the page's scroll", async () => {
    // On a phone the How it works track snaps to its first card as the page lays out: a scroll event on the track,
    // which a busy machine delivers after the gate listens.
    document.body.innerHTML = '<ol class="carousel__track"><li>1</li><li>2</li></ol>';
    const gate = openGate();
    document.querySelector("ol")!.dispatchEvent(new Event("scroll"));
    await settle();
    expect(gate.isOpen()).toBe(false);
    document.dispatchEvent(new Event("scroll", { bubbles: true }));
    await gate.done;
    expect(gate.isOpen()).toBe(true);
  });

  it("waits for the visitor in a tab hidden at load, after it is shown, as in one opened in front", async () => {
    const visibility = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    const gate = openGate();
    await settle();
    expect(gate.isOpen()).toBe(false);
    visibility.mockReturnValue("visible");
    document.dispatchEvent(new Event("visibilitychange"));
    await settle();
    expect(gate.isOpen()).toBe(false);
    window.dispatchEvent(new Event("pointerdown"));
    await gate.done;
    expect(gate.isOpen()).toBe(true);
    visibility.mockRestore();
  });

  it("starts at once in a hidden tab when it would start without the visitor anyway", async () => {
    const visibility = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    // A hidden tab paints no frame to wait for (docs/decisions/0024-landing-performance.md).
    const frame = vi.spyOn(window, "requestAnimationFrame").mockImplementation(() => 0);
    await openGate({ untilIntent: false }).done;
    sessionStorage.setItem("temporary_contact", "{}");
    await openGate().done;
    frame.mockRestore();
    visibility.mockRestore();
  });

  it("starts after the first paint on other pages", async () => {
    const gate = openGate({ untilIntent: false });
    await gate.done;
    expect(gate.isOpen()).toBe(true);
  });

  it("starts at once when the address is an e-mail link, which the page acts on as it opens", async () => {
    history.replaceState(null, "", "/?email=a%40b.co&loan_reason=OTHER&utm_source=mail");
    const gate = openGate();
    await gate.done;
    expect(gate.isOpen()).toBe(true);
  });

  it("waits for the visitor when the address only carries a campaign's source or an ad's click id", async () => {
    history.replaceState(null, "", "/?utm_source=google&aff_id=42&gclid=Cj0KCQ");
    const gate = openGate();
    await settle();
    expect(gate.isOpen()).toBe(false);
    window.dispatchEvent(new Event("touchstart"));
    await gate.done;
    expect(gate.isOpen()).toBe(true);
  });

  it("keeps the campaign's parameters for the next page when the visitor leaves before the app has started", async () => {
    history.replaceState(null, "", "/?utm_source=google&gclid=Cj0&aff_sub1=a%20b");
    openGate();
    window.dispatchEvent(new Event("pagehide"));
    expect(sessionStorage.getItem(UNREAD_ENTRY_KEY)).toBe("?utm_source=google&aff_sub1=a+b");

    // An e-mail link's address is not copied into the session.
    sessionStorage.clear();
    history.replaceState(null, "", "/?email=a%40b.co&loan_reason=OTHER&resume_token=t");
    openGate();
    window.dispatchEvent(new Event("pagehide"));
    expect(sessionStorage.getItem(UNREAD_ENTRY_KEY)).toBe(null);
    history.replaceState(null, "", "/?utm_source=google");

    // Once the app has started it has read the address itself.
    sessionStorage.clear();
    openGate();
    window.dispatchEvent(new Event(HYDRATED));
    window.dispatchEvent(new Event("pagehide"));
    expect(sessionStorage.getItem(UNREAD_ENTRY_KEY)).toBe(null);
  });

  it("starts at once when this tab's session holds the app's state (answers to show again)", async () => {
    sessionStorage.setItem("temporary_contact", "{}");
    const gate = openGate();
    await gate.done;
    expect(gate.isOpen()).toBe(true);
  });

  it("waits for the visitor when the session only holds a campaign's source", async () => {
    sessionStorage.setItem("utm_source", "google");
    sessionStorage.setItem(UNREAD_ENTRY_KEY, "?utm_source=google");
    const gate = openGate();
    await settle();
    expect(gate.isOpen()).toBe(false);
    window.dispatchEvent(new Event("keydown"));
    await gate.done;
    expect(gate.isOpen()).toBe(true);
  });
});

describe("hydration gate: taps before the app runs", () => {
  it("holds a tap on a button and makes it again once the app has hydrated", async () => {
    document.body.innerHTML = '<button type="button">Open menu</button>';
    const button = document.querySelector("button")!;
    let taps = 0;
    button.addEventListener("click", () => taps++);
    openGate({ untilIntent: false });

    const early = new MouseEvent("click", { bubbles: true, cancelable: true });
    button.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(taps).toBe(0);
    expect(button.hasAttribute("data-app-waiting")).toBe(true);

    window.dispatchEvent(new Event(HYDRATED));
    expect(taps).toBe(1);
    expect(button.hasAttribute("data-app-waiting")).toBe(false);
    // From now on the app handles taps itself.
    button.click();
    expect(taps).toBe(2);
  });

  it("holds REQUEST NOW and a submit without it, and sends each through the app, not natively", async () => {
    document.body.innerHTML = '<form><input name="zip" /><button type="submit">REQUEST NOW</button></form>';
    const form = document.querySelector("form")!;
    const submits: string[] = [];
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      submits.push("submit");
    });
    openGate({ untilIntent: false });

    document.querySelector("button")!.click();
    form.dispatchEvent(new SubmitEvent("submit", { bubbles: true, cancelable: true }));
    expect(submits).toEqual([]);

    window.dispatchEvent(new Event(HYDRATED));
    expect(submits).toEqual(["submit", "submit"]);
  });

  it("makes a held submit again with the button it was made with", async () => {
    // Submit inputs are not buttons the gate holds as taps: their submit event is what it holds.
    document.body.innerHTML =
      '<form><input type="submit" name="intent" value="save" />' +
      '<input type="submit" name="intent" value="send" /></form>';
    const form = document.querySelector("form")!;
    const submitters: (string | undefined)[] = [];
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      submitters.push((event.submitter as HTMLInputElement | null)?.value);
    });
    openGate({ untilIntent: false });
    document.querySelector<HTMLInputElement>('input[value="send"]')!.click();
    expect(submitters).toEqual([]);
    window.dispatchEvent(new Event(HYDRATED));
    expect(submitters).toEqual(["send"]);
  });

  it("leaves links and fields alone: they work without the app", async () => {
    document.body.innerHTML = '<a href="/privacy">Privacy</a><label><input type="checkbox" /> Agree</label>';
    const link = document.querySelector("a")!;
    let linkTaps = 0;
    link.addEventListener("click", (event) => {
      event.preventDefault();
      linkTaps++;
    });
    openGate({ untilIntent: false });
    link.click();
    expect(linkTaps).toBe(1);
    const box = document.querySelector<HTMLInputElement>("input")!;
    box.click();
    expect(box.checked).toBe(true);
    window.dispatchEvent(new Event(HYDRATED));
    expect(linkTaps).toBe(1);
  });

  it("lets a link within the page jump at once, and gives the app its tap once it has hydrated", async () => {
    document.body.innerHTML = '<a href="#quick-start">Request now</a>';
    const link = document.querySelector("a")!;
    openGate({ untilIntent: false });
    const early = new MouseEvent("click", { bubbles: true, cancelable: true });
    link.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(false);

    let appTaps = 0;
    link.addEventListener("click", (event) => {
      event.preventDefault();
      appTaps++;
    });
    window.dispatchEvent(new Event(HYDRATED));
    expect(appTaps).toBe(1);
  });

  it("takes a second tap on a button that seemed to do nothing as the same request", async () => {
    document.body.innerHTML = '<button type="button" class="navbar__toggle">Open menu</button>';
    const button = document.querySelector("button")!;
    let taps = 0;
    button.addEventListener("click", () => taps++);
    openGate({ untilIntent: false });
    button.click();
    button.click();
    expect(button.getAttribute("aria-busy")).toBe("true");
    window.dispatchEvent(new Event(HYDRATED));
    expect(taps).toBe(1);
    expect(button.hasAttribute("aria-busy")).toBe(false);
  });

  it("does not take focus back with a page link's tap once the visitor has moved on", async () => {
    document.body.innerHTML = '<a href="#quick-start">Request now</a><input name="zip" />';
    const link = document.querySelector("a")!;
    openGate({ untilIntent: false });
    link.click();
    document.querySelector("input")!.focus();
    let appTaps = 0;
    link.addEventListener("click", (event) => {
      event.preventDefault();
      appTaps++;
    });
    window.dispatchEvent(new Event(HYDRATED));
    expect(appTaps).toBe(0);
  });

  it("when the app cannot be fetched, reloads a page whose taps it held, or at its next tap on a button", async () => {
    const reload = vi.fn();
    vi.spyOn(location, "reload").mockImplementation(reload);
    document.body.innerHTML = '<button type="button">Open menu</button>';
    const button = document.querySelector("button")!;
    openGate({ untilIntent: false });
    button.click();
    window.dispatchEvent(new Event(FAILED));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(button.hasAttribute("data-app-waiting")).toBe(false);

    openGate({ untilIntent: false });
    window.dispatchEvent(new Event(FAILED));
    expect(reload).toHaveBeenCalledTimes(1);

    // A link within the page has jumped already: it alone is no reason to load again.
    document.body.insertAdjacentHTML("beforeend", '<a href="#quick-start">Request now</a>');
    openGate({ untilIntent: false });
    document.querySelector("a")!.click();
    window.dispatchEvent(new Event(FAILED));
    expect(reload).toHaveBeenCalledTimes(1);
    // Links go on as plain HTML; a later tap on a button, which does nothing without the app, loads the page again.
    const follow = new MouseEvent("click", { bubbles: true, cancelable: true });
    document.querySelector("a")!.dispatchEvent(follow);
    expect(follow.defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    const tap = new MouseEvent("click", { bubbles: true, cancelable: true });
    button.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });

  it("loads the page again at the click of the reach that started the app, when the app failed in between", async () => {
    const reload = vi.fn();
    vi.spyOn(location, "reload").mockImplementation(reload);
    document.body.innerHTML = '<button type="button">Open menu</button>';
    const button = document.querySelector("button")!;
    const gate = openGate();
    // The pointer goes down on the button: the app starts; its module fails before the button's click.
    button.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    await gate.done;
    window.dispatchEvent(new Event(FAILED));
    expect(reload).not.toHaveBeenCalled();
    button.click();
    expect(reload).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });

  it("drops a held tap whose button the app has removed", async () => {
    document.body.innerHTML = '<button type="button">Gone</button>';
    const button = document.querySelector("button")!;
    let taps = 0;
    button.addEventListener("click", () => taps++);
    openGate({ untilIntent: false });
    button.click();
    button.remove();
    window.dispatchEvent(new Event(HYDRATED));
    expect(taps).toBe(0);
  });
});
