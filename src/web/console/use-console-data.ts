import { useCallback, useEffect, useState } from "react";
import type { z } from "zod";
import { consoleApi } from "./console-api.ts";

export type ConsoleData<T> =
  | { state: "loading"; data: T | undefined; reload: () => void }
  | { state: "ready"; data: T; reload: () => void }
  | {
      state: "failed";
      data: T | undefined;
      message: string;
      status: number;
      /** The fields the server named as wrong (a search's 400), for a screen that shows them at its fields. */
      errors: Record<string, string>;
      reload: () => void;
    };

/**
 * Reads one console endpoint, again whenever `query` changes (compared by value) or `reload` is called. A
 * newer read wins over an older one still on its way.
 */
export function useConsoleData<S extends z.ZodType>(
  path: string,
  answer: S,
  query: Record<string, string | number | undefined | null> = {},
): ConsoleData<z.output<S> extends { data: infer D } ? D : never> {
  type Data = z.output<S> extends { data: infer D } ? D : never;
  const key = JSON.stringify([path, query]);
  const [tick, setTick] = useState(0);
  const [result, setResult] = useState<{
    key: string;
    data?: Data;
    failed?: { message: string; status: number; errors: Record<string, string> };
  }>({ key: "" });
  useEffect(() => {
    const controller = new AbortController();
    const [p, q] = JSON.parse(key) as [string, Record<string, string>];
    void consoleApi.get(p, answer, q, controller.signal).then((res) => {
      if (controller.signal.aborted) return;
      setResult((last) =>
        res.ok
          ? { key, data: res.data as Data }
          : // A reload that fails (the rate limit, say) leaves what the same read showed before on screen.
            {
              key,
              data: last.key === key ? last.data : undefined,
              failed: { message: res.message, status: res.status, errors: res.errors },
            },
      );
    });
    return () => controller.abort();
  }, [key, answer, tick]);
  const reload = useCallback(() => {
    // Trying again after a failure shows the read on its way again, not the old refusal.
    setResult((last) => (last.failed ? { key: last.key, data: last.data } : last));
    setTick((n) => n + 1);
  }, []);
  if (result.key === key && result.failed !== undefined)
    return { state: "failed", data: result.data, ...result.failed, reload };
  if (result.key === key && result.data !== undefined) return { state: "ready", data: result.data, reload };
  return { state: "loading", data: result.data, reload };
}
