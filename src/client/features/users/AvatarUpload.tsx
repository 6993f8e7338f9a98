import { ImageUp, Trash2 } from "lucide-react";
import { useRef } from "react";
import type { CurrentUser } from "../../../common/auth";
import { errorMessage } from "../../api/http";
import { Avatar } from "../../ui/avatar";
import { Button } from "../../ui/button";
import { toast } from "../../ui/toast";
import { useRemoveAvatar, useUploadAvatar } from "./useProfile";

const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPT = "image/jpeg,image/png,image/webp,image/gif";

/** Profile picture: uploaded, re-encoded by the server (256 px WebP, metadata stripped). */
export function AvatarUpload({ user }: { user: CurrentUser }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const busy = upload.isPending || remove.isPending;

  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      toast({
        title: "Update Failed",
        description: "Image is too large: the limit is 5 MB",
        variant: "destructive",
      });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast({ title: "Picture updated", variant: "success" }),
      onError: (err) =>
        toast({
          title: "Update Failed",
          description: errorMessage(err, "Failed to update profile. Please try again."),
          variant: "destructive",
        }),
      onSettled: () => {
        if (input.current) input.current.value = "";
      },
    });
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      <Avatar src={user.avatar} name={user.username} size={72} />
      <div className="space-y-2">
        <label htmlFor="profile-avatar" className="text-sm font-medium">
          Profile picture
        </label>
        <input
          ref={input}
          id="profile-avatar"
          type="file"
          accept={ACCEPT}
          tabIndex={-1}
          className="sr-only"
          onChange={(e) => onFile(e.target.files?.[0])}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            <ImageUp className="h-4 w-4" aria-hidden="true" />{" "}
            {upload.isPending ? "Uploading..." : "Upload picture"}
          </Button>
          {user.avatar ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={busy}
              onClick={() =>
                remove.mutate(undefined, {
                  onError: (err) =>
                    toast({
                      title: "Update Failed",
                      description: errorMessage(err, "Failed to update profile. Please try again."),
                      variant: "destructive",
                    }),
                })
              }
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-muted-foreground">JPEG, PNG, WebP or GIF, up to 5 MB.</p>
      </div>
    </div>
  );
}
