/** When a prerendered page starts its app (docs/decisions/0025-hydrate-on-intent.md). */
export type HydrationGateOptions = {
  /** The event the app fires once it has hydrated (src/web/hydration/hydrated-event.ts). */
  hydratedEvent: string;
  /** The event the bootstrap fires when the app's modules could not be imported. */
  failedEvent: string;
  /**
   * Wait, after the first paint, for the visitor to reach for the page (a touch, a key, the pointer moving, a
   * scroll of the page) before starting the app. Without it the app starts right after the first paint.
   */
  untilIntent: boolean;
  /**
   * Address parameters the page acts on as it opens (an e-mail link's): with one of them the app starts at once.
   * Any other parameter (a campaign's source, an ad's click id) waits with the rest of the page.
   */
  startAtOnceParams: readonly string[];
  /**
   * Where a page left before its app started keeps its address's campaign parameters, so that the next page's app
   * remembers the source the visitor arrived with (src/web/hydration/hydrated-event.ts).
   */
  unreadEntryKey: string;
  /**
   * The campaign parameters (src/domain/attribution.ts): the only ones kept under `unreadEntryKey`, and, like that
   * key, session entries that are no state of the app's to show again.
   */
  campaignParams: readonly string[];
};

/**
 * Resolves when the page should import its app. Until the app has hydrated, a tap on a button and a form's
 * submit are held (a button the app has not wired yet does nothing, and a native submit would reload the page
 * with the answers in its address) and made again, in order, once the app fires `hydratedEvent`; a tap on a link
 * within the page is let through and made again too.
 *
 * This function is inlined into each prerendered page's bootstrap script as its source text
 * (scripts/defer-hydration.ts), so it must not use anything from outside its own body.
 */
export async function hydrationGate({
  hydratedEvent,
  failedEvent,
  untilIntent,
  startAtOnceParams,
  unreadEntryKey,
  campaignParams,
}: HydrationGateOptions): Promise<void> {
  // Events that mean a person is using the page. A paint, a load or a timer is none of them. A click or submit
  // with nothing before it (voice control, a screen reader's browse mode) counts too.
  const intentEvents = [
    "pointerdown",
    "pointermove",
    "touchstart",
    "keydown",
    "focusin",
    "wheel",
    "scroll",
    "click",
    "submit",
  ];
  const held: Element[] = [];
  // The button a held submit was made with, so that the app sees the same submitter.
  const submitters = new Map<Element, HTMLElement>();
  const WAITING = "data-app-waiting";
  const hold = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    // A link within the page jumps at once without the app; the app's own handler for it (a smooth scroll that
    // ends with focus on a field) runs too once it is there, unless the visitor has moved on by then.
    const pageLink = event.type === "click" ? target?.closest('a[href^="#"]') : null;
    if (pageLink) {
      if (!held.includes(pageLink)) held.push(pageLink);
      return;
    }
    const action = event.type === "submit" ? target : target?.closest("button");
    if (!action) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // A second tap on a button that seemed to do nothing is the same request, not a toggle back.
    if (!held.includes(action)) held.push(action);
    // The button shows it was heard (a spinner, styled in app.css) until the app takes the tap over.
    const submitter = event.type === "submit" ? (event as SubmitEvent).submitter : null;
    if (submitter) submitters.set(action, submitter);
    const button = event.type === "submit" ? submitter : action;
    button?.setAttribute(WAITING, "");
    button?.setAttribute("aria-busy", "true");
  };
  const release = () => {
    document.removeEventListener("click", hold, true);
    document.removeEventListener("submit", hold, true);
    for (const waiting of document.querySelectorAll(`[${WAITING}]`)) {
      waiting.removeAttribute(WAITING);
      waiting.removeAttribute("aria-busy");
    }
    return held.splice(0);
  };
  // A visitor who follows a link to another page before the app has started leaves with the address's campaign
  // parameters unread; the next page's app reads them from the session instead. Only those: an e-mail link's
  // address is not copied anywhere. Once: a page the browser keeps and shows again on Back does not keep its old
  // source again over a newer one.
  const keepUnreadEntry = () => {
    const address = new URLSearchParams(location.search);
    const campaign = new URLSearchParams();
    for (const [name, value] of address) if (campaignParams.includes(name)) campaign.append(name, value);
    try {
      if (campaign.toString() !== "") sessionStorage.setItem(unreadEntryKey, `?${campaign}`);
    } catch {
      // Storage disabled: the campaign's source is not kept.
    }
  };
  document.addEventListener("click", hold, true);
  document.addEventListener("submit", hold, true);
  addEventListener("pagehide", keepUnreadEntry, { once: true });
  addEventListener(
    hydratedEvent,
    () => {
      removeEventListener("pagehide", keepUnreadEntry);
      const focusAtRelease = document.activeElement;
      for (const action of release()) {
        if (!action.isConnected) continue;
        if (action instanceof HTMLFormElement) {
          const submitter = submitters.get(action) as HTMLButtonElement | undefined;
          // A submitter the app has since removed or taken out of the form cannot be named any more.
          action.requestSubmit(submitter?.isConnected && submitter.form === action ? submitter : undefined);
        } else if (action instanceof HTMLAnchorElement) {
          if (focusAtRelease === document.body || focusAtRelease === action || !focusAtRelease) action.click();
        } else if (action instanceof HTMLElement) action.click();
      }
    },
    { once: true },
  );
  // The app could not be fetched (offline, or this page outlived a deploy that replaced its modules): a page whose
  // taps were held loads again, so they are not silently lost. A link within the page has already jumped, so it
  // alone is no reason to load again; links and fields go on working as plain HTML.
  //
  // The reach that starts the app (a pointer moving or pressed) often comes before its own click, and a failure
  // that is quick (offline, a missing module) can come in between: that click found nothing held, and without
  // the app its button does nothing. So a page that held no tap loads again at its next tap on a button or
  // submit, which is the tap a person makes when something should happen.
  addEventListener(
    failedEvent,
    () => {
      if (release().some((action) => !(action instanceof HTMLAnchorElement))) return location.reload();
      const reloadOnAction = (event: Event) => {
        const target = event.target instanceof Element ? event.target : null;
        const action = event.type === "submit" ? target : target?.closest("button");
        if (!action) return;
        event.preventDefault();
        event.stopImmediatePropagation();
        location.reload();
      };
      document.addEventListener("click", reloadOnAction, true);
      document.addEventListener("submit", reloadOnAction, true);
    },
    { once: true },
  );

  let intended = false;
  let onIntent = () => {};
  const intent = (event?: Event) => {
    // Only the page's own scroll is a person's. The browser scrolls an element by itself as the page lays out: the
    // How it works track snaps to its first card on every load, a trusted scroll that a busy machine delivers after
    // this listens (docs/decisions/0025-hydrate-on-intent.md). A person scrolling an element touches, drags,
    // wheels or presses a key first, which counts by itself.
    if (event?.type === "scroll" && event.target instanceof Element) return;
    // Only a pointer that moves. The browser sends a pointermove of its own where the pointer rests as the page
    // lays out under it (at 0, 0 in a headless browser, with nobody there), which moved nothing.
    if (event instanceof MouseEvent && event.type === "pointermove" && !event.movementX && !event.movementY) return;
    intended = true;
    for (const type of intentEvents) removeEventListener(type, intent, true);
    onIntent();
  };
  for (const type of intentEvents) addEventListener(type, intent, { capture: true, passive: true });

  // Reasons to start at once: an address the page acts on as it opens (an e-mail link) or state this tab's
  // session already holds (answers to show again). A campaign's source kept in the session is no such state.
  const carriesState = () => {
    const params = new URLSearchParams(location.search);
    if (startAtOnceParams.some((name) => params.has(name))) return true;
    try {
      for (let i = 0; i < sessionStorage.length; i++) {
        const key = sessionStorage.key(i);
        if (key !== null && key !== unreadEntryKey && !campaignParams.includes(key)) return true;
      }
      return false;
    } catch {
      return false;
    }
  };
  const atOnce = !untilIntent || carriesState();

  // A painted frame: rendering is unblocked (the page end parsed, the stylesheet applied) and a frame produced. A
  // hidden tab paints nothing: a page that starts at once goes on without the frame; the landing page waits for
  // the tab to be shown (no frame comes before), as nobody reaches for a hidden tab and one opened in the
  // background may never be read (docs/decisions/0025-hydrate-on-intent.md).
  if (!atOnce || document.visibilityState === "visible") {
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  }
  if (atOnce || intended) {
    intent();
    return;
  }
  await new Promise<void>((resolve) => (onIntent = resolve));
}
