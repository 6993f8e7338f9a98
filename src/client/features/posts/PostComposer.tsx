import { EyeOff, ImagePlus, Loader2, X } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { ModerationBanner as Banner } from "../../../common/moderation";
import { IMAGE_TYPES, POST_MESSAGES, type PostUpdateInput, parseHashtags } from "../../../common/posts";
import { applyServerErrors, moderationBannerOf } from "../../api/errors";
import { errorMessage } from "../../api/http";
import { usePreferences } from "../../layout/preferences";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { MarkdownEditor } from "../../ui/markdown-editor";
import { FormField } from "../../ui/form-field";
import { Textarea } from "../../ui/input";
import { lazyZodResolver } from "../../ui/schema-resolver";
import { toast } from "../../ui/toast";
import { useCreatePost } from "./api";
import { ModerationBanner } from "./ModerationBanner";
import { usePickImage } from "./use-pick-image";
import { RateModelDialog } from "./RateModelDialog";

/** The composer types the post's text (the same rule as an edit); tags, image and stealth come from elsewhere. */
const resolver = lazyZodResolver(() => import("../../../common/posts").then((m) => m.postUpdateSchema));
type ComposerValues = PostUpdateInput;

/**
 * The composer (SPEC §2.6, §4): send disabled while blank, tags parsed from #hashtags, anonymous
 * in stealth mode, one optional image, and the moderation banner, cleared when the text changes.
 */
export function PostComposer() {
  const form = useForm<ComposerValues>({
    resolver,
    defaultValues: { content: "" },
  });
  const content = form.watch("content");
  const [image, setImage] = useState<string | null>(null);
  const [banner, setBanner] = useState<Banner | null>(null);
  const { stealth } = usePreferences();
  const create = useCreatePost();
  const { pick: pickImage, fileInput, uploading } = usePickImage(setImage);
  const tags = parseHashtags(content);

  const submit = form.handleSubmit(async ({ content }) => {
    try {
      await create.mutateAsync({ content, tags, isAnonymous: stealth, image });
      form.reset({ content: "" });
      setImage(null);
      setBanner(null);
      toast({
        title: "Post shared",
        description: stealth ? "Your post was published anonymously." : undefined,
        variant: "success",
      });
    } catch (err) {
      const message = errorMessage(err, POST_MESSAGES.createFailed);
      const found = moderationBannerOf(err);
      setBanner(found);
      // A validation 400 about the text goes under it, as well as in the toast.
      if (!found) applyServerErrors(form.setError, err, ["content"]);
      if (!found) toast({ title: POST_MESSAGES.createFailed, description: message, variant: "destructive" });
    }
  });

  return (
    <Card className="p-5">
      <form onSubmit={submit} className="space-y-3" aria-label="Create a post">
        <FormField
          id="composer"
          label="Share your AI experience"
          labelClassName="sr-only"
          className="space-y-3"
          error={form.formState.errors.content?.message}
        >
          {(control) => (
            <MarkdownEditor value={form.watch("content")}>
              <Textarea
                {...control}
                rows={3}
                placeholder="Share your experience with an AI model... Use #hashtags to add topics."
                {...form.register("content", { onChange: () => setBanner(null) })}
              />
            </MarkdownEditor>
          )}
        </FormField>
        {tags.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
            {tags.slice(0, 10).map((t) => (
              <li key={t}>
                <Badge className="wrap-anywhere">#{t}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
        {image ? (
          <div className="relative inline-block">
            <img
              src={image}
              alt="Preview of your attachment"
              className="max-h-48 rounded-lg border border-border"
            />
            <Button
              variant="secondary"
              size="icon"
              className="absolute right-2 top-2 h-8 w-8"
              aria-label="Remove image"
              onClick={() => setImage(null)}
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
        ) : null}
        <ModerationBanner banner={banner} />
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={fileInput}
            type="file"
            accept={IMAGE_TYPES.join(",")}
            hidden
            data-testid="image-input"
            onChange={(e) => pickImage(e.target.files?.[0])}
          />
          <Button
            variant="outline"
            size="sm"
            // Inactive, not disabled: the button keeps the focus while its upload runs.
            pending={uploading}
            aria-disabled={image !== null || undefined}
            onClick={() => fileInput.current?.click()}
          >
            {uploading ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <ImagePlus className="h-4 w-4" aria-hidden="true" />
            )}
            {uploading ? "Uploading..." : "Add Image"}
          </Button>
          <RateModelDialog />
          {stealth ? (
            <Badge tone="warning">
              <EyeOff className="h-3 w-3" aria-hidden="true" /> Posting anonymously
            </Badge>
          ) : null}
          <Button
            type="submit"
            className="ml-auto"
            aria-disabled={!content.trim() || uploading}
            pending={create.isPending}
          >
            {create.isPending ? "Posting..." : "Post"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
