import { valueAt } from "#domain/buyers/config-diff.ts";
import type { BuyerVersion } from "#domain/contracts/console-buyers.ts";
import { formatDateTime } from "../time.ts";

const shown = (value: unknown) => (value === undefined ? "(unset)" : JSON.stringify(value));

/** One version's changes against the version before: each path with its old and new value (credentials masked). */
function Diff({ version, older }: { version: BuyerVersion; older: BuyerVersion | undefined }) {
  if (!older) return <p>The first version.</p>;
  if (version.changed.length === 0) return <p>No change.</p>;
  return (
    <table className="buyer-diff">
      <caption className="visually-hidden">Changes in version {version.version}</caption>
      <thead>
        <tr>
          <th scope="col">Setting</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {version.changed.map((path) => (
          <tr key={path}>
            <th scope="row">
              <code>{path}</code>
            </th>
            <td>
              <code>{shown(valueAt(older.config, path))}</code>
            </td>
            <td>
              <code>{shown(valueAt(version.config, path))}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
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
      <p>
        No version yet: this buyer has not been changed in the console. Its first change keeps the current configuration
        as version 1.
      </p>
    );
  return (
    <ol className="buyer-versions" reversed>
      {versions.map((version, i) => (
        <li key={version.version}>
          <h3>
            Version {version.version}
            {i === 0 ? " (in force)" : ""}
          </h3>
          <p>
            {formatDateTime(version.created_at, timeZone)}, {version.operator_email}
            {version.enabled ? "" : ", paused"}
            {version.note ? `: ${version.note}` : ""}
          </p>
          <Diff version={version} older={versions[i + 1]} />
          {onRollback && i > 0 ? (
            <button type="button" className="console-button" onClick={() => onRollback(version.version)}>
              Roll back to version {version.version}
            </button>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
