import { Alert, Button, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { roleCannotSee, type OperatorRole } from "#domain/console/roles.ts";

// In place of a page the role table keeps from this role, opened by its address: no form, no read of its data
// (the server would refuse both), and the way back to what the role may use. The alert holds the refusal alone, so
// a screen reader announces that sentence and nothing else. Headed as PageHeader heads a page (the core imports no
// area of the console, ui/ included).
export function RoleRefusal({ role }: { role: OperatorRole }) {
  return (
    <>
      <Title order={1}>Not available</Title>
      <Text c="dimmed" size="sm" mt="xs" mb="lg">
        This part of the console is not open to your role.
      </Text>
      <Alert color="yellow" variant="light" role="alert" mb="md">
        {roleCannotSee(role)}
      </Alert>
      <Button component={Link} to="/console" variant="default">
        Go to the console's home
      </Button>
    </>
  );
}
