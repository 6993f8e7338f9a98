import { NavLink } from "react-router";
import { cn } from "../../ui/cn";

const LINKS = [
  { to: "/arena", label: "Vote", end: true },
  { to: "/arena/leaderboard", label: "Leaderboard", end: false },
  { to: "/arena/submit", label: "Submit a battle", end: false },
  { to: "/arena/about", label: "Method", end: false },
];

/** The Arena's own navigation, on each of its screens. */
export function ArenaNav() {
  return (
    <nav aria-label="Arena" className="mb-6 flex flex-wrap gap-2">
      {LINKS.map((l) => (
        <NavLink
          key={l.to}
          to={l.to}
          end={l.end}
          className={({ isActive }) =>
            cn(
              "rounded-md border border-border px-3 py-1.5 text-sm hover:bg-muted",
              isActive && "bg-secondary font-semibold text-secondary-foreground",
            )
          }
        >
          {l.label}
        </NavLink>
      ))}
    </nav>
  );
}
