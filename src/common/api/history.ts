import { historyPageSchema, historyParamSchema } from "../history";
import { pageQuerySchema } from "../http";
import { route } from "./route";

const tags = ["history"];

/** The kept revisions of an edited item (decision 0105); visible where the item itself is. */
export const getHistory = route("GET", "/api/history/:kind/:id", "public", () => ({
  tags,
  summary:
    "An item's revisions, newest first (revision 1 is the original); keyset pages on the revision number",
  params: historyParamSchema,
  query: pageQuerySchema,
  response: historyPageSchema,
  errors: [400, 404],
}));
