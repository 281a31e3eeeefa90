import { useState } from "react";
import { ledgerCheckAnswer, type LedgerCheckResult } from "#domain/contracts/console-ledger.ts";
import { consoleApi } from "../console-api.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { LedgerCheckView } from "./ledger-check-view.tsx";

export function meta() {
  return [{ title: consoleTitle("Ledger") }];
}

// The owners' check of the whole ledger, run when asked: it reads every row.
export default function LedgerCheckRoute() {
  const { timeZone } = useConsole();
  const [result, setResult] = useState<LedgerCheckResult>();
  const [failed, setFailed] = useState<string>();
  const [running, setRunning] = useState(false);
  const check = async () => {
    setRunning(true);
    setFailed(undefined);
    const res = await consoleApi.send("POST", "/ledger/check", undefined, ledgerCheckAnswer);
    setRunning(false);
    if (res.ok) setResult(res.data);
    else setFailed(res.message);
  };
  return (
    <LedgerCheckView
      result={result}
      running={running}
      failed={failed}
      timeZone={timeZone}
      onCheck={() => void check()}
    />
  );
}
