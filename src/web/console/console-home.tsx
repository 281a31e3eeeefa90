import { Card, SimpleGrid, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { CONSOLE_NAV } from "./console-nav.ts";
import { useConsole } from "./console-session.tsx";

/** One line on each part, keyed by its path in console-nav.ts: what the card leads to. */
const WHAT_IS_THERE: Readonly<Record<string, string>> = {
  "/console/portal": "How your account stands, and the prices, caps, hours and terms in force.",
  "/console/portal/leads": "The leads sold to you, and the details you bought with each.",
  "/console/portal/returns": "Return a lead you bought, and follow your returns.",
  "/console/funnel": "Where visitors leave the application, step by step.",
  "/console/my-traffic": "Your clicks, applications, sales and payouts by day and by sub id.",
  "/console/leads": "Find a lead and follow it from the form to the buyers' answers.",
  "/console/buyers": "The buyers, their settings and today's figures.",
  "/console/publishers": "The publishers, their tracking links, payouts and postbacks.",
  "/console/screening": "The gate every lead passes: what it refused and why, its rules and the do-not-call lists.",
  "/console/returns": "Returns waiting for a decision, with their evidence, and return rates.",
  "/console/statements": "Each month's statements for buyers and publishers, to download or print.",
  "/console/ledger": "Check that the money ledger's hash chain is whole.",
  "/console/privacy-requests": "Open privacy requests, soonest due first.",
  "/console/audit": "Who did what in the console, and when.",
  "/console/operators": "The console's accounts, their roles and open sessions.",
};

// The console's first page for a role without reports (compliance, a publisher): a card for each part the role may
// use, in the navigation's order. The whole card is one link, named by the part and described by its line. Headed
// as PageHeader heads a page (the core imports no area of the console, ui/ included).
export function ConsoleHome() {
  const { session, can } = useConsole();
  const parts = CONSOLE_NAV.filter((item) => item.path !== "/console" && can(item.permission));
  return (
    <>
      <Title order={1}>Welcome, {session.operator.name}</Title>
      <Text c="dimmed" size="sm" mt="xs" mb="lg">
        The parts of the console your role may use.
      </Text>
      <SimpleGrid
        component="ul"
        aria-label="Parts of the console"
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="md"
        m={0}
        p={0}
        style={{ listStyle: "none" }}
      >
        {parts.map((item) => (
          <li key={item.path}>
            <Card component={Link} to={item.path} withBorder padding="lg" radius="md" h="100%">
              <Text fw={600} size="lg" c="indigo">
                {item.label}
              </Text>
              <Text size="sm" c="dimmed" mt="xs">
                {WHAT_IS_THERE[item.path] ?? `Open ${item.label}.`}
              </Text>
            </Card>
          </li>
        ))}
      </SimpleGrid>
    </>
  );
}
