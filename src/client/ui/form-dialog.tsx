import { type ReactNode, useId, useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { applyServerErrors } from "../api/errors";
import { errorMessage } from "../api/http";
import { Button, type ButtonProps } from "./button";
import { Dialog } from "./dialog";
import { FieldError } from "./input";

/**
 * A dialog holding one form (an admin's decline, merge, draft…): the fields are the children;
 * submitting runs `action`, a field error of the server lands under its field (`fields` names the
 * ones shown), any other failure in a line above the buttons; Cancel closes.
 */
export function FormDialog<T extends FieldValues>({
  form,
  fields,
  action,
  title,
  description,
  onClose,
  submitLabel,
  submitVariant,
  pending,
  failure = "The action failed. Please try again.",
  children,
}: {
  form: UseFormReturn<T>;
  fields: readonly Path<T>[];
  action: (values: T) => Promise<unknown>;
  title: string;
  description?: string;
  onClose: () => void;
  submitLabel: string;
  submitVariant?: ButtonProps["variant"];
  pending: boolean;
  failure?: string;
  children: ReactNode;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await action(values);
    } catch (err) {
      if (applyServerErrors(form.setError, err, fields)) return;
      setError(errorMessage(err, failure));
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      description={description}
    >
      <form className="space-y-4" onSubmit={submit} noValidate>
        {children}
        <FieldError id={`${id}-error`} message={error ?? undefined} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant={submitVariant} pending={pending}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
