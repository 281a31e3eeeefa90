import { Alert, Button, Skeleton, Stack, Text, VisuallyHidden } from "@mantine/core";
import type { ConsoleData } from "./use-console-data.ts";

/**
 * What a screen shows of a read that is not (or no longer) there: a skeleton of grey bars only while it is on its
 * way (with "Loading…" for a screen reader), and once it fails, what could not be loaded and why (a refusal, a
 * missing record, the rate limit, no connection) with a way to try again. Nothing once the data is there. `showing`
 * says whether the screen shows data of this read already; by default whether the load holds any, but a screen that
 * hides an earlier query's answer (another month, another lead) while the next one is on its way passes false, so
 * the wait still shows as one. `rows` is roughly how many lines the awaited content fills.
 */
export function LoadState({
  load,
  what,
  showing = load.data !== undefined,
  rows = 4,
}: {
  load: ConsoleData<unknown>;
  what: string;
  showing?: boolean;
  rows?: number;
}) {
  if (load.state === "failed")
    return (
      <Alert color="red" variant="light" role="alert" my="md" className="console-load-failed">
        <Text size="sm" mb="xs">
          Could not load {what}: {load.message}
        </Text>
        <Button variant="default" size="xs" onClick={load.reload}>
          Try again
        </Button>
      </Alert>
    );
  if (load.state === "loading" && !showing) return <LoadingSkeleton rows={rows} />;
  return null;
}

/** Grey bars where content is on its way, so the page does not jump when it comes. */
export function LoadingSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <Stack gap="sm" my="md" aria-busy="true">
      <VisuallyHidden>Loading…</VisuallyHidden>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={i === 0 ? 28 : 18} width={i === 0 ? "40%" : `${90 - ((i * 13) % 30)}%`} />
      ))}
    </Stack>
  );
}
