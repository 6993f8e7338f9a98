import { useState } from "react";
import { useForm } from "react-hook-form";
import type { ModerationBanner as Banner } from "../../../common/moderation";
import { POST_MESSAGES, type Post, type PostUpdateInput } from "../../../common/posts";
import { applyServerErrors, moderationBannerOf } from "../../api/errors";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { DialogClose } from "../../ui/dialog";
import { FormField } from "../../ui/form-field";
import { Textarea } from "../../ui/input";
import { MarkdownEditor } from "../../ui/markdown-editor";
import { lazyZodResolver } from "../../ui/schema-resolver";
import { toast } from "../../ui/toast";
import { useUpdatePost } from "./api";
import { ModerationBanner } from "./ModerationBanner";

const resolver = lazyZodResolver(() => import("../../../common/posts").then((m) => m.postUpdateSchema));

/**
 * The edit dialog's form (loaded with the dialog's first opening, decision 0144). It starts from
 * the post as it is when the dialog opens; saving closes the dialog, an empty text shows "Post
 * content cannot be empty" (SPEC §4/§5), a refusal by moderation shows its banner.
 */
export default function EditPostForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const form = useForm<PostUpdateInput>({
    resolver,
    defaultValues: { content: post.content },
    reValidateMode: "onSubmit",
  });
  const [banner, setBanner] = useState<Banner | null>(null);
  const update = useUpdatePost();
  const fieldId = `edit-post-${post.id}`;

  const save = form.handleSubmit(async ({ content }) => {
    try {
      await update.mutateAsync({ id: post.id, content });
      onDone();
      toast({ title: "Post updated", variant: "success" });
    } catch (err) {
      const message = errorMessage(err, POST_MESSAGES.updateFailed);
      setBanner(moderationBannerOf(err));
      applyServerErrors(form.setError, err, ["content"]);
      toast({ title: POST_MESSAGES.updateFailed, description: message, variant: "destructive" });
    }
  });

  return (
    <form onSubmit={save} className="space-y-3" noValidate>
      <FormField id={fieldId} label="Post content" required error={form.formState.errors.content?.message}>
        {(control) => (
          <MarkdownEditor value={form.watch("content")}>
            <Textarea
              {...control}
              rows={6}
              // The form loads after the dialog opened: the text takes the focus.
              autoFocus
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
  );
}
