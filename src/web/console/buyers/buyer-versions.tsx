import { Button, Code, Group, Paper, Table, Text, Title } from "@mantine/core";
import { valueAt } from "#domain/buyers/config-diff.ts";
import type { BuyerVersion } from "#domain/contracts/console-buyers.ts";
import { formatDateTime } from "../time.ts";

/** A value as it reads in the diff: a setting's JSON, an object laid out over lines, "not set" for none. */
function Shown({ value }: { value: unknown }) {
  if (value === undefined)
    return (
      <Text span size="sm" fs="italic">
        not set
      </Text>
    );
  if (typeof value === "object" && value !== null)
    return (
      <Code block className="buyer-diff__code" tabIndex={0}>
        {JSON.stringify(value, null, 2)}
      </Code>
    );
  return <Code>{JSON.stringify(value)}</Code>;
}

/** One side of a change, tinted and named in words when it holds a value. */
function Side({ value, word, className }: { value: unknown; word: string; className: string }) {
  return (
    <Table.Td className={value === undefined ? undefined : className}>
      {value === undefined ? null : (
        <Text span size="xs" fw={700} mr="xs">
          {word}
        </Text>
      )}
      <Shown value={value} />
    </Table.Td>
  );
}

/**
 * Settings changed, each with its old and new value (credentials masked): the old tinted red and the new green, and
 * each says so in words ("Removed", "Added"), not by colour alone. A version's changes, and a change request's.
 */
export function SettingChangesTable({
  label,
  changes,
}: {
  label: string;
  changes: readonly { path: string; before?: unknown; after?: unknown }[];
}) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table className="buyer-diff" layout="fixed" withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w="30%">
              Field
            </Table.Th>
            <Table.Th scope="col">Before</Table.Th>
            <Table.Th scope="col">After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map(({ path, before, after }) => (
            <Table.Tr key={path}>
              <Table.Th scope="row">
                <Code>{path}</Code>
              </Table.Th>
              <Side value={before} word="Removed" className="buyer-diff__before" />
              <Side value={after} word="Added" className="buyer-diff__after" />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One version's changes against the version before. */
function Diff({ version, older }: { version: BuyerVersion; older: BuyerVersion | undefined }) {
  if (!older) return <Text size="sm">The first version.</Text>;
  if (version.changed.length === 0) return <Text size="sm">No change.</Text>;
  return (
    <SettingChangesTable
      label={`Changes in version ${version.version}`}
      changes={version.changed.map((path) => ({
        path,
        before: valueAt(older.config, path),
        after: valueAt(version.config, path),
      }))}
    />
  );
}

// Every saved version, newest first: who, when, why, what changed, and a roll back to any older one.
export function BuyerVersions(props: {
  versions: BuyerVersion[];
  timeZone: string;
  onRollback?: ((version: number) => void) | undefined;
}) {
  const { versions, timeZone, onRollback } = props;
  if (versions.length === 0)
    return (
      <Text size="sm">
        No version yet: this buyer has not been changed in the console. Its first change keeps the current configuration
        as version 1.
      </Text>
    );
  return (
    <ol className="buyer-versions" reversed>
      {versions.map((version, i) => (
        <Paper component="li" key={version.version} withBorder p="sm" radius="sm">
          <Group justify="space-between" align="flex-start" mb="xs">
            <div>
              <Title order={3} size="h4">
                Version {version.version}
                {i === 0 ? " (in force)" : ""}
              </Title>
              <Text size="sm" c="dimmed">
                {formatDateTime(version.created_at, timeZone)}, {version.operator_email}
                {version.enabled ? "" : ", paused"}
                {version.note ? `: ${version.note}` : ""}
              </Text>
            </div>
            {onRollback && i > 0 ? (
              <Button variant="default" size="xs" onClick={() => onRollback(version.version)}>
                Roll back to version {version.version}
              </Button>
            ) : null}
          </Group>
          <Diff version={version} older={versions[i + 1]} />
        </Paper>
      ))}
    </ol>
  );
}
