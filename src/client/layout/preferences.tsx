import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";

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

export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [theme, setTheme] = useState<Theme>(() => readTheme(safeGet(STORAGE_KEYS.theme)));
  const [stealth, setStealth] = useState<boolean>(() => safeGet(STORAGE_KEYS.stealth) === "true");

  useEffect(() => {
    document.documentElement.classList.toggle("dark", theme === "dark");
    safeSet(STORAGE_KEYS.theme, theme);
  }, [theme]);
  useEffect(() => safeSet(STORAGE_KEYS.stealth, String(stealth)), [stealth]);

  const toggleTheme = useCallback(() => setTheme((t) => (t === "dark" ? "light" : "dark")), []);
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
