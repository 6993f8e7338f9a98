import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from "react";

/** Browser-storage keys (SPEC §3 leaves the names open; these are ours). */
export const STORAGE_KEYS = { theme: "theme", stealth: "stealth-mode" } as const;

export type Theme = "light" | "dark";

/** Dark when nothing or an invalid value is stored (SPEC §4). */
export function readTheme(stored: string | null): Theme {
  return stored === "light" ? "light" : "dark";
}

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function safeSet(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage full or blocked: the preference lasts for this page only
  }
}

interface Preferences {
  theme: Theme;
  toggleTheme(): void;
  stealth: boolean;
  toggleStealth(): void;
}

const PreferencesContext = createContext<Preferences | null>(null);

/**
 * The theme: public/theme-init.js puts the stored one on <html> before the first paint; a page the
 * server rendered was drawn with the default (dark), so hydration starts from that and the stored
 * theme follows in the next render (no mismatch, and the page's colours never flash).
 */
let storedTheme: Theme | undefined;
const themeListeners = new Set<() => void>();
const currentTheme = (): Theme => (storedTheme ??= readTheme(safeGet(STORAGE_KEYS.theme)));
const subscribeTheme = (listener: () => void) => {
  themeListeners.add(listener);
  return () => themeListeners.delete(listener);
};
function setTheme(theme: Theme): void {
  storedTheme = theme;
  document.documentElement.classList.toggle("dark", theme === "dark");
  safeSet(STORAGE_KEYS.theme, theme);
  for (const l of themeListeners) l();
}

export function PreferencesProvider({ children }: { children: ReactNode }) {
  const theme = useSyncExternalStore(subscribeTheme, currentTheme, (): Theme => "dark");
  const [stealth, setStealth] = useState<boolean>(() => safeGet(STORAGE_KEYS.stealth) === "true");

  useEffect(() => safeSet(STORAGE_KEYS.stealth, String(stealth)), [stealth]);

  const toggleTheme = useCallback(() => setTheme(currentTheme() === "dark" ? "light" : "dark"), []);
  const toggleStealth = useCallback(() => setStealth((s) => !s), []);
  const value = useMemo(
    () => ({ theme, toggleTheme, stealth, toggleStealth }),
    [theme, toggleTheme, stealth, toggleStealth],
  );
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): Preferences {
  const ctx = useContext(PreferencesContext);
  if (!ctx) throw new Error("usePreferences must be used inside PreferencesProvider");
  return ctx;
}
