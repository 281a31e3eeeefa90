import { Link } from "react-router";
import { CONSOLE_NAV } from "./console-nav.ts";
import { useConsole } from "./console-session.tsx";

// The console's first page for a role without reports (compliance): the parts it may use.
export function ConsoleHome() {
  const { session, can } = useConsole();
  return (
    <>
      <h1>Welcome, {session.operator.name}</h1>
      <ul>
        {CONSOLE_NAV.filter((item) => item.path !== "/console" && can(item.permission)).map((item) => (
          <li key={item.path}>
            <Link to={item.path}>{item.label}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}
