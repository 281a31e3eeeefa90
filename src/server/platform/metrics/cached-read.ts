/**
 * A read that many scrapes share: at most one runs at a time, and its answer serves every caller for `ttlMs`,
 * so a storm of scrapes (several Prometheus servers, a dashboard refreshing) costs the database one read per
 * period. A failed read is not kept: the next caller tries again.
 */
export function cachedRead<T>(read: () => Promise<T>, ttlMs: number, now = () => Date.now()): () => Promise<T> {
  let kept: { at: number; value: Promise<T> } | undefined;
  return () => {
    if (kept && now() - kept.at < ttlMs) return kept.value;
    const value = read();
    const entry = { at: now(), value };
    kept = entry;
    value.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return value;
  };
}
