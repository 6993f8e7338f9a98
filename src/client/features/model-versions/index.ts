/** What other client features may use of this one (decision 0081). */
export { useRefreshVersions, useVersions, versionsQuery } from "./api";
export { RatingsByVersion } from "./RatingsByVersion";
