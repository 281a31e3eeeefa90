import { useCallback, useEffect, useState } from "react";
import type { z } from "zod";
import { consoleApi } from "./console-api.ts";

export type ConsoleData<T> =
  | { state: "loading"; data: T | undefined; reload: () => void }
  | { state: "ready"; data: T; reload: () => void }
  | { state: "failed"; data: T | undefined; message: string; reload: () => void };

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
  const [result, setResult] = useState<{ key: string; data?: Data; failed?: string }>({ key: "" });
  useEffect(() => {
    const controller = new AbortController();
    const [p, q] = JSON.parse(key) as [string, Record<string, string>];
    void consoleApi.get(p, answer, q, controller.signal).then((res) => {
      if (controller.signal.aborted) return;
      setResult(res.ok ? { key, data: res.data as Data } : { key, failed: res.message });
    });
    return () => controller.abort();
  }, [key, answer, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  if (result.key === key && result.failed !== undefined)
    return { state: "failed", data: result.data, message: result.failed, reload };
  if (result.key === key && result.data !== undefined) return { state: "ready", data: result.data, reload };
  return { state: "loading", data: result.data, reload };
}
