import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { FileText, Search, Sparkles, UserRound } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { globalSearch } from "../../../common/api/search";
import { GENERATION_LABELS, TIMING } from "../../../common/constants";
import { countOf } from "../../../common/plural";
import {
  promptUrl,
  SEARCH_MAX,
  SEARCH_MIN,
  type SearchResult,
  SOCIAL_MESSAGES,
} from "../../../common/social";
import { call, routeKey } from "../../api/client";
import { Avatar } from "../../ui/avatar";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import { Dialog } from "../../ui/dialog";
import { Spinner } from "../../ui/spinner";

export const searchKeys = { term: (q: string) => routeKey(globalSearch, q) };

/** The value, once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** GET /api/search, fired only for terms of at least 2 characters (SPEC §7, §9). */
export function useGlobalSearch(term: string) {
  const q = term.trim();
  return useQuery({
    queryKey: searchKeys.term(q),
    queryFn: () => call(globalSearch, { query: { q } }),
    enabled: q.length >= SEARCH_MIN,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

interface Option {
  key: string;
  group: "Posts" | "Members" | "Prompts";
  href: string;
  title: string;
  detail: string;
  avatar?: { src: string | null; name: string };
}

function toOptions(result: SearchResult | undefined): Option[] {
  if (!result) return [];
  return [
    ...result.posts.map<Option>((p) => ({
      key: `post-${p.id}`,
      group: "Posts",
      href: `/post/${p.id}`,
      title: p.content.length > 120 ? `${p.content.slice(0, 119)}…` : p.content,
      detail: p.author.username,
    })),
    ...result.users.map<Option>((u) => ({
      key: `user-${u.id}`,
      group: "Members",
      href: `/profile/${u.id}`,
      title: u.username,
      detail: `${GENERATION_LABELS[u.generation]} · ${countOf(u.followersCount, "follower")}`,
      avatar: { src: u.avatar, name: u.username },
    })),
    ...result.prompts.map<Option>((p) => ({
      key: `prompt-${p.id}`,
      group: "Prompts",
      href: promptUrl(p.id),
      title: p.title,
      detail: `${p.category} · by ${p.author.username}`,
    })),
  ];
}

const GROUP_ICONS = { Posts: FileText, Members: UserRound, Prompts: Sparkles } as const;

function SearchPanel({ onNavigate }: { onNavigate: (href: string) => void }) {
  const [term, setTerm] = useState("");
  const debounced = useDebouncedValue(term, TIMING.searchDebounceMs);
  const search = useGlobalSearch(debounced);
  const options = useMemo(() => toOptions(search.data), [search.data]);
  const [activeIndex, setActive] = useState(0);
  // A new result list starts again at its first option.
  const active = activeIndex < options.length ? activeIndex : 0;
  const baseId = useId();
  const listId = `${baseId}-results`;
  const optionId = (i: number) => `${baseId}-option-${i}`;
  const ready = debounced.trim().length >= SEARCH_MIN;
  const showList = ready && options.length > 0;

  useEffect(() => {
    if (showList) document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  });

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!showList) return;
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setActive((i) => (i + 1) % options.length);
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((i) => (i - 1 + options.length) % options.length);
    } else if (e.key === "Home") {
      e.preventDefault();
      setActive(0);
    } else if (e.key === "End") {
      e.preventDefault();
      setActive(options.length - 1);
    } else if (e.key === "Enter") {
      e.preventDefault();
      const option = options[active];
      if (option) onNavigate(option.href);
    }
  };

  const groups = (["Posts", "Members", "Prompts"] as const)
    .map((g) => ({ g, items: options.map((o, i) => ({ o, i })).filter(({ o }) => o.group === g) }))
    .filter((x) => x.items.length > 0);

  return (
    <div className="space-y-3">
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-muted-foreground"
          aria-hidden="true"
        />
        <label htmlFor={`${baseId}-input`} className="sr-only">
          Search posts, members and prompts
        </label>
        <input
          id={`${baseId}-input`}
          type="search"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList ? optionId(active) : undefined}
          autoComplete="off"
          maxLength={SEARCH_MAX}
          value={term}
          onChange={(e) => {
            setTerm(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          placeholder="Search posts, members and prompts..."
          className="h-10 w-full rounded-md border border-input bg-background pl-9 pr-3 text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring"
        />
      </div>
      <div className="max-h-[60vh] min-h-24 overflow-y-auto" aria-live="polite">
        {!ready ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            Type at least {SEARCH_MIN} characters to search.
          </p>
        ) : search.isError ? (
          <p className="py-6 text-center text-sm text-destructive">Search failed. Please try again.</p>
        ) : search.isLoading ? (
          <Spinner label="Searching..." className="py-6" />
        ) : options.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{SOCIAL_MESSAGES.noResults}</p>
        ) : null}
        <div id={listId} role="listbox" aria-label="Search results" hidden={!showList}>
          {groups.map(({ g, items }) => {
            const Icon = GROUP_ICONS[g];
            return (
              // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role="group" (ARIA combobox pattern)
              <div key={g} role="group" aria-labelledby={`${baseId}-${g}`} className="mb-2">
                <div
                  id={`${baseId}-${g}`}
                  className="flex items-center gap-2 px-2 py-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground"
                >
                  <Icon className="h-3.5 w-3.5" aria-hidden="true" /> {g}
                </div>
                {items.map(({ o, i }) => (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (aria-activedescendant)
                  <div
                    key={o.key}
                    id={optionId(i)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={i === active}
                    onMouseMove={() => setActive(i)}
                    onClick={() => onNavigate(o.href)}
                    className={cn(
                      "flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm",
                      i === active ? "bg-muted" : "hover:bg-muted/60",
                    )}
                  >
                    {o.avatar ? <Avatar src={o.avatar.src} name={o.avatar.name} size={28} /> : null}
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{o.title}</span>
                      <span className="block truncate text-xs text-muted-foreground">{o.detail}</span>
                    </span>
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
      <p className="text-xs text-muted-foreground">
        <kbd className="rounded border border-border px-1">↑</kbd>{" "}
        <kbd className="rounded border border-border px-1">↓</kbd> to move,{" "}
        <kbd className="rounded border border-border px-1">Enter</kbd> to open,{" "}
        <kbd className="rounded border border-border px-1">Esc</kbd> to close
      </p>
    </div>
  );
}

/** The header's global search: a button and ⌘K / Ctrl+K open the dialog. */
export function GlobalSearch() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if ((e.metaKey || e.ctrlKey) && !e.altKey && e.key.toLowerCase() === "k") {
        e.preventDefault();
        setOpen((o) => !o);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Search"
      className="max-w-xl"
      trigger={
        <Button
          variant="ghost"
          size="icon"
          aria-label="Open search"
          aria-keyshortcuts="Meta+K Control+K /"
          data-shortcut="search"
          title={`Search (${isMac ? "⌘K" : "Ctrl+K"})`}
        >
          <Search className="h-5 w-5" aria-hidden="true" />
        </Button>
      }
    >
      {open ? (
        <SearchPanel
          onNavigate={(href) => {
            setOpen(false);
            navigate(href);
          }}
        />
      ) : null}
    </Dialog>
  );
}
