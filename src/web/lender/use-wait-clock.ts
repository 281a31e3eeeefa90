import { useEffect, useState } from "react";

const TICK_MS = 200;

/** Milliseconds since the screen opened, updated a few times a second while `running`. */
export function useWaitClock(running: boolean): number {
  const [startedAt] = useState(() => performance.now());
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setElapsed(performance.now() - startedAt), TICK_MS);
    return () => clearInterval(timer);
  }, [running, startedAt]);
  return elapsed;
}
