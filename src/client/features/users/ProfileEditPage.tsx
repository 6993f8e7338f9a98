import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { z } from "zod";
import { bioSchema, generationSchema, usernameSchema } from "../../../common/auth";
import { GENERATION_LABELS, GENERATIONS, LIMITS } from "../../../common/constants";
import { type AiModelId, FAVORITE_MODEL_CHOICES, toAiModelId } from "../../../common/models";
import { applyServerErrors } from "../../api/errors";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { MarkdownEditor } from "../../ui/markdown-editor";
import { describedBy, FormField } from "../../ui/form-field";
import { Input, Textarea } from "../../ui/input";
import { Page } from "../../ui/page";
import { toast } from "../../ui/toast";
import { useAuth } from "../auth/useAuth";
import { AvatarUpload } from "./AvatarUpload";
import { useUpdateProfile } from "./useProfile";

const formSchema = z.object({
  username: usernameSchema,
  bio: bioSchema,
  generation: generationSchema,
  favoriteModels: z.array(z.string()),
});
type FormValues = z.infer<typeof formSchema>;
/** The fields a server 400's `fields` may name on this form. */
const SERVER_FIELDS = ["username", "bio", "generation", "favoriteModels"] as const;

export default function ProfileEditPage() {
  const { user } = useAuth();
  const update = useUpdateProfile();
  const navigate = useNavigate();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema) as never,
    values: user
      ? {
          username: user.username,
          bio: user.bio,
          generation: user.generation,
          favoriteModels: user.favoriteModels.map((m) => toAiModelId(m) ?? m),
        }
      : undefined,
  });
  const bio = form.watch("bio") ?? "";
  const { errors } = form.formState;

  if (!user) return null;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        username: values.username.trim(),
        bio: values.bio,
        generation: values.generation,
        favoriteModels: values.favoriteModels as AiModelId[],
      });
      toast({ title: "Profile updated", description: "Your changes have been saved.", variant: "success" });
      navigate("/profile");
    } catch (err) {
      // A validation 400 names its fields: their messages go under the fields themselves.
      applyServerErrors(form.setError, err, SERVER_FIELDS);
      toast({
        title: "Update Failed",
        description: errorMessage(err, "Failed to update profile. Please try again."),
        variant: "destructive",
      });
    }
  });

  return (
    <Page title="Edit Profile" className="max-w-2xl">
      <Card className="mb-6 p-6">
        <AvatarUpload user={user} />
      </Card>
      <Card className="p-6">
        <form className="space-y-5" onSubmit={onSubmit} noValidate>
          <FormField id="profile-username" label="Username" required error={errors.username?.message}>
            {(control) => <Input {...control} autoComplete="username" {...form.register("username")} />}
          </FormField>
          <FormField
            id="profile-bio"
            label="Bio"
            error={errors.bio?.message}
            after={
              <p
                id="profile-bio-counter"
                className="text-right text-xs text-muted-foreground"
                aria-live="polite"
              >
                {bio.length}/{LIMITS.bioMax}
              </p>
            }
          >
            {(control) => (
              <MarkdownEditor value={form.watch("bio")}>
                <Textarea
                  {...control}
                  rows={4}
                  maxLength={LIMITS.bioMax}
                  aria-describedby={describedBy(control, "profile-bio-counter")}
                  {...form.register("bio")}
                />
              </MarkdownEditor>
            )}
          </FormField>
          <FormField id="profile-generation" label="Generation" required error={errors.generation?.message}>
            {(control) => (
              <select
                {...control}
                className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm"
                {...form.register("generation")}
              >
                {GENERATIONS.map((g) => (
                  <option key={g} value={g}>
                    {GENERATION_LABELS[g]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Favorite AI models</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {FAVORITE_MODEL_CHOICES.map((m) => (
                <label key={m.value} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    value={m.value}
                    className="h-4 w-4 accent-[var(--primary)]"
                    {...form.register("favoriteModels")}
                  />
                  {m.label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex gap-3">
            <Button type="submit" pending={update.isPending}>
              {update.isPending ? "Saving..." : "Save Changes"}
            </Button>
            <Button variant="outline" asChild>
              <Link to="/profile">Cancel</Link>
            </Button>
          </div>
        </form>
      </Card>
    </Page>
  );
}
