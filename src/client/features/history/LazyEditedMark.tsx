import { type ComponentProps, lazy, Suspense } from "react";
import type { EditedMark as Mark } from "./EditedMark";

// Edited items sit on routes at the edge of their size budget (the profile, the model page): the
// mark, its dialog and its word diff load with the first edited item shown (decision 0106).
const EditedMark = lazy(() => import("./EditedMark").then((m) => ({ default: m.EditedMark })));

/** The "edited" mark of a post, comment, thread, reply, prompt or review, loaded lazily. */
export function LazyEditedMark(props: ComponentProps<typeof Mark>) {
  return (
    <Suspense fallback={null}>
      <EditedMark {...props} />
    </Suspense>
  );
}
