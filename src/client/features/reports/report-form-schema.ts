import { reportCreateSchema } from "../../../common/reports";

/**
 * What the report dialog checks: the reason and details of the server's schema (the target comes
 * from the button). A module of its own, imported only on the dialog's first submit, so its chunk
 * exports the schema directly (common/reports itself is shared with the admin screens).
 */
export const reportFormSchema = reportCreateSchema.pick({ reason: true, details: true });
