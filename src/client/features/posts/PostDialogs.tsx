import { Suspense } from "react";
import { POST_MESSAGES, type Post } from "../../../common/posts";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Dialog, DialogClose } from "../../ui/dialog";
import { preloadable } from "../../ui/preloadable";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast";
import { useDeletePost } from "./api";

// The edit form (react-hook-form) loads when an edit dialog first opens, or ahead of it from the
// Edit button (`preloadEditPostForm`) (decision 0144).
const EditPostForm = preloadable(() => import("./EditPostForm"));
export const preloadEditPostForm = () => void EditPostForm.preload().catch(() => undefined);

/** Edit dialog: closes on success; empty text shows "Post content cannot be empty" (SPEC §4/§5). */
export function EditPostDialog({
  post,
  open,
  onOpenChange,
}: {
  post: Post;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit post">
      {/* Each opening mounts the form afresh, from the post as it is now. */}
      <Suspense fallback={<Spinner label="Loading..." />}>
        <EditPostForm post={post} onDone={() => onOpenChange(false)} />
      </Suspense>
    </Dialog>
  );
}

/** Delete after confirmation (SPEC §4). */
export function DeletePostDialog({
  post,
  open,
  onOpenChange,
  onDeleted,
}: {
  post: Post;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const remove = useDeletePost();
  const confirm = async () => {
    try {
      await remove.mutateAsync(post.id);
      onOpenChange(false);
      toast({ title: "Post deleted", variant: "success" });
      onDeleted?.();
    } catch (err) {
      toast({
        title: POST_MESSAGES.deleteFailed,
        description: errorMessage(err, POST_MESSAGES.deleteFailed),
        variant: "destructive",
      });
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this post?"
      description="The post is removed with its likes and comments. This cannot be undone."
    >
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button variant="destructive" onClick={confirm} pending={remove.isPending}>
          {remove.isPending ? "Deleting..." : "Delete"}
        </Button>
      </div>
    </Dialog>
  );
}
