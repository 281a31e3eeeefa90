import { Alert, Button } from "@mantine/core";
import { Link } from "react-router";
import { roleCannotSee, type OperatorRole } from "#domain/console/roles.ts";
import { PageHeader } from "./ui/page-header.tsx";

// In place of a page the role table keeps from this role, opened by its address: no form, no read of its data
// (the server would refuse both), and the way back to what the role may use. The alert holds the refusal alone, so
// a screen reader announces that sentence and nothing else.
export function RoleRefusal({ role }: { role: OperatorRole }) {
  return (
    <>
      <PageHeader title="Not available" description="This part of the console is not open to your role." />
      <Alert color="yellow" variant="light" role="alert" mb="md">
        {roleCannotSee(role)}
      </Alert>
      <Button component={Link} to="/console" variant="default">
        Go to the console's home
      </Button>
    </>
  );
}
