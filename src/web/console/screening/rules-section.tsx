import { Text, Title } from "@mantine/core";
import { useState } from "react";
import { screeningSettingsAnswer, type ScreeningSettingsData } from "#domain/contracts/console-screening.ts";
import { useConsole } from "../console-session.tsx";
import { LoadState } from "../load-state.tsx";
import { formatDateTime } from "../time.ts";
import { useConsoleData } from "../use-console-data.ts";
import { RulesForm } from "./rules-form.tsx";
import { RulesView } from "./rules-view.tsx";

/** Who saved the settings last and when, or that nobody has: the gate runs on its defaults. */
function savedLine(data: ScreeningSettingsData, timeZone: string): string {
  if (!data.updated_at) return "Nobody has changed them yet: the gate runs on its defaults.";
  const when = formatDateTime(data.updated_at, timeZone);
  return data.updated_by ? `Last saved by ${data.updated_by} on ${when}.` : `Last saved on ${when}.`;
}

// The gate's rules and velocity limits (GET /api/console/screening/settings, buyers:read): a form for those who
// manage buyers (buyers:write), tables for the others. Every server applies a save within a few seconds.
export function RulesSection({ writer }: { writer: boolean }) {
  const { timeZone } = useConsole();
  const settings = useConsoleData("/screening/settings", screeningSettingsAnswer);
  const [status, setStatus] = useState("");
  const reload = settings.reload;
  const data = settings.data;
  return (
    <section aria-labelledby="screening-rules-title">
      <Title order={2} size="h3" id="screening-rules-title" mt="xl">
        Rules and limits
      </Title>
      {data ? (
        <Text size="sm" c="dimmed" mb="md">
          {savedLine(data, timeZone)}
        </Text>
      ) : null}
      <LoadState load={settings} what="the gate's rules" rows={6} />
      {data && writer ? (
        <RulesForm
          settings={data.settings}
          onSaved={(message) => {
            setStatus(message);
            reload();
          }}
        />
      ) : null}
      {data && !writer ? <RulesView settings={data.settings} /> : null}
      <Text role="status" size="sm" mih="1.25rem" mt="xs">
        {status}
      </Text>
    </section>
  );
}
