/** What other client features may use of this one (decision 0081). */
export { settingsHref } from "./settings-tabs";
