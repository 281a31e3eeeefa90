import { screen } from "@testing-library/react";
import { expect, it } from "vitest";

/** Blocks this thread without using a core, as a loaded machine does not run the process for a while. */
const stall = (ms: number) => void Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

// tests/setup/patient-waits.ts: a wait lasts as long as the work it waits on, however slowly the machine runs it.
it("a wait outlasts work that a loaded machine stretches past testing-library's one second", async () => {
  document.body.innerHTML = "";
  // Work in steps, as a render is: each step run late, 1.2 s in all before the text is there.
  void (async () => {
    for (let step = 0; step < 3; step++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      stall(400);
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    document.body.innerHTML = "<p>done</p>";
  })();
  expect((await screen.findByText("done")).tagName).toBe("P");
});
