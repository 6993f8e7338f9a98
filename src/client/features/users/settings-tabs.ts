/** The Settings dialog's sections, in order (SettingsSections), and the address parameter opening it. */
export const SETTINGS_TABS = ["account", "notifications", "delete"] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
export const SETTINGS_PARAM = "settings";

/** Where a link opens the member's Settings on one section (decision 0142). */
export const settingsHref = (tab: SettingsTab = "account") => `/profile?${SETTINGS_PARAM}=${tab}`;
