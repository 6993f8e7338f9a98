import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { ModerationBanner as Banner } from "../../../common/moderation";
import { POST_MESSAGES, type Post, type PostUpdateInput } from "../../../common/posts";
import { applyServerErrors, moderationBannerOf } from "../../api/errors";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Dialog, DialogClose } from "../../ui/dialog";
import { MarkdownEditor } from "../../ui/markdown-editor";
import { FormField } from "../../ui/form-field";
import { Textarea } from "../../ui/input";
import { lazyZodResolver } from "../../ui/schema-resolver";
import { toast } from "../../ui/toast";
import { useDeletePost, useUpdatePost } from "./api";
import { ModerationBanner } from "./ModerationBanner";

const resolver = lazyZodResolver(() => import("../../../common/posts").then((m) => m.postUpdateSchema));

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
  const form = useForm<PostUpdateInput>({
    resolver,
    defaultValues: { content: post.content },
    reValidateMode: "onSubmit",
  });
  const [banner, setBanner] = useState<Banner | null>(null);
  const update = useUpdatePost();
  const fieldId = `edit-post-${post.id}`;

  // Each opening starts from the post as it is now.
  useEffect(() => {
    if (open) {
      form.reset({ content: post.content });
      setBanner(null);
    }
  }, [open, post.content, form]);

  const save = form.handleSubmit(async ({ content }) => {
    try {
      await update.mutateAsync({ id: post.id, content });
      onOpenChange(false);
      toast({ title: "Post updated", variant: "success" });
    } catch (err) {
      const message = errorMessage(err, POST_MESSAGES.updateFailed);
      setBanner(moderationBannerOf(err));
      applyServerErrors(form.setError, err, ["content"]);
      toast({ title: POST_MESSAGES.updateFailed, description: message, variant: "destructive" });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit post">
      <form onSubmit={save} className="space-y-3" noValidate>
        <FormField id={fieldId} label="Post content" required error={form.formState.errors.content?.message}>
          {(control) => (
            <MarkdownEditor value={form.watch("content")}>
              <Textarea
                {...control}
                rows={6}
                {...form.register("content", {
                  // Editing clears the error and the banner (SPEC §5).
                  onChange: () => {
                    form.clearErrors("content");
                    setBanner(null);
                  },
                })}
              />
            </MarkdownEditor>
          )}
        </FormField>
        <ModerationBanner banner={banner} />
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit" pending={update.isPending}>
            {update.isPending ? "Saving..." : "Save changes"}
          </Button>
        </div>
      </form>
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
