import { useRef } from "react";
import { IMAGE_MAX_BYTES } from "../../../common/posts";
import { errorMessage } from "../../api/http";
import { toast } from "../../ui/toast";
import { useUploadImage } from "./api";

/**
 * Picking an image for upload (a post's, a battle response's): refuses a file over the size limit
 * before sending it, uploads it, hands its address to `onUploaded`, and says why in a toast when
 * it fails. The file input is emptied after each try, so the same file can be picked again.
 */
export function usePickImage(onUploaded: (url: string) => void) {
  const upload = useUploadImage();
  const fileInput = useRef<HTMLInputElement>(null);
  const failed = (description: string) =>
    toast({ title: "Image upload failed", description, variant: "destructive" });

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > IMAGE_MAX_BYTES) {
      failed("Image is too large: the limit is 5 MB");
      return;
    }
    try {
      const { url } = await upload.mutateAsync(file);
      onUploaded(url);
    } catch (err) {
      failed(errorMessage(err, "Please try another image."));
    } finally {
      if (fileInput.current) fileInput.current.value = "";
    }
  };

  return { pick, fileInput, uploading: upload.isPending };
}
