import { SHORTCUTS } from "./keymap";

const GROUPS = ["General", "Posts", "Go to"] as const;

function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <>
      {keys.map((k, i) => (
        <span key={k}>
          {i > 0 ? <span className="px-1 text-muted-foreground">then</span> : null}
          <kbd className="rounded border border-border bg-muted px-1.5 py-0.5 font-mono text-xs">{k}</kbd>
        </span>
      ))}
    </>
  );
}

/** The shortcuts, one table per group: shown by the help dialog ("?") and the Accessibility page. */
export function ShortcutTable({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="space-y-4">
      {GROUPS.map((group) => (
        <div key={group}>
          <Heading className="mb-1 text-sm font-semibold">{group}</Heading>
          <table className="w-full text-sm">
            <thead className="sr-only">
              <tr>
                <th scope="col">Keys</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {SHORTCUTS.filter((s) => s.group === group).map((s) => (
                <tr key={s.action} className="border-b border-border last:border-0">
                  <td className="w-28 whitespace-nowrap py-1.5 pr-3">
                    <Keys keys={s.keys} />
                  </td>
                  <td className="py-1.5">{s.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
