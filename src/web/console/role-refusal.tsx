import { Link } from "react-router";
import { roleCannotSee, type OperatorRole } from "#domain/console/roles.ts";

// In place of a page the role table keeps from this role, opened by its address: no form, no read of its data
// (the server would refuse both), and the way back to what the role may use.
export function RoleRefusal({ role }: { role: OperatorRole }) {
  return (
    <>
      <h1>Not available</h1>
      <p role="alert">{roleCannotSee(role)}</p>
      <p>
        <Link to="/console">Go to the console's home</Link>
      </p>
    </>
  );
}
