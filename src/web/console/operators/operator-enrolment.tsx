import { Box, Code, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { EnrolmentData } from "#domain/contracts/console.ts";
import { AuthenticatorQr } from "./authenticator-qr.tsx";

// What a new account's person needs, shown this once: the password, the authenticator key beside its QR code (an
// app scans the one or takes the other typed), and the recovery codes in a grid of one width, easy to copy out.
export function OperatorEnrolment({ enrolment }: { enrolment: EnrolmentData }) {
  return (
    <Paper
      component="section"
      aria-labelledby="enrolment-title"
      withBorder
      p="lg"
      my="lg"
      radius="md"
      style={{ borderColor: "var(--mantine-color-yellow-outline)", borderWidth: 2 }}
    >
      <Title order={2} id="enrolment-title" size="h3">
        Give these to {enrolment.operator.name}, once
      </Title>
      <Text size="sm" c="dimmed" mt="xs" mb="md">
        They are not shown again. The person adds the key to an authenticator app before the first sign-in.
      </Text>
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Box component="dl" className="console-facts" m={0} style={{ flex: "1 1 20rem", minWidth: 0 }}>
          <dt>E-mail</dt>
          <dd>{enrolment.operator.email}</dd>
          <dt>Password</dt>
          <dd>
            <Code fz="sm">{enrolment.password}</Code>
          </dd>
          <dt>Authenticator key</dt>
          <dd>
            <Code fz="sm">{enrolment.totp_secret}</Code>
          </dd>
          <dt>Authenticator address</dt>
          <dd>
            <Code fz="xs" className="console-wrap">
              {enrolment.totp_uri}
            </Code>
          </dd>
        </Box>
        <Stack gap="xs" align="center">
          <AuthenticatorQr
            uri={enrolment.totp_uri}
            label={`QR code of the authenticator address for ${enrolment.operator.email}: scan it with the app`}
          />
          <Text size="xs" c="dimmed">
            Scan with the authenticator app
          </Text>
        </Stack>
      </Group>
      <Title order={3} size="h4" mt="lg" mb="xs" id="recovery-codes-title">
        Recovery codes
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        Each signs in once in place of the authenticator's code.
      </Text>
      <SimpleGrid
        component="ul"
        aria-labelledby="recovery-codes-title"
        cols={{ base: 2, sm: 3, md: 5 }}
        spacing="xs"
        m={0}
        p={0}
        style={{ listStyle: "none" }}
      >
        {enrolment.recovery_codes.map((code) => (
          <li key={code}>
            <Code fz="sm">{code}</Code>
          </li>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
