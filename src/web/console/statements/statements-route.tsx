import { useSearchParams } from "react-router";
import { statementsAnswer } from "#domain/contracts/console-statements.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsoleData } from "../use-console-data.ts";
import { StatementsView } from "./statements-view.tsx";
import statementsStylesheet from "./statements.css?url";

export function meta() {
  return [{ title: consoleTitle("Statements") }];
}

export function links() {
  return [{ rel: "stylesheet", href: statementsStylesheet }];
}

const thisMonth = () => new Date().toISOString().slice(0, 7);

// The month's statements; the month is in the address (?month=YYYY-MM), so a printed or shared page names it.
export default function StatementsRoute() {
  const [params, setParams] = useSearchParams();
  const asked = params.get("month");
  const month = asked && /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : thisMonth();
  const list = useConsoleData("/statements", statementsAnswer, { month });
  return (
    <StatementsView
      month={month}
      data={list.data?.month === month ? list.data : undefined}
      load={list}
      onMonth={(next) => setParams({ month: next })}
    />
  );
}
