import type { ReactNode } from "react";
import { cn } from "./cn";
import { FieldError, Label } from "./input";

/** What a field's control receives from `FormField`: spread it on the input, textarea or select. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  "aria-required": true | undefined;
}

export interface FormFieldProps {
  /** The control's id; the hint is `${id}-hint` and the error `${id}-error`. */
  id: string;
  label: ReactNode;
  /** Help under the control, always described by it. */
  hint?: ReactNode;
  /** The field's error message (react-hook-form's `errors.<name>?.message`). */
  error?: string;
  /**
   * The id of a message shown elsewhere that this field is invalid for: a form-wide message
   * ("Please fill in all fields.") is shown once, under its first field, and the other invalid
   * fields point at it instead of repeating it (see `sharedFieldErrors`).
   */
  errorId?: string;
  /** Marks the control required for assistive technology (the app shows no visual marker). */
  required?: boolean;
  className?: string;
  labelClassName?: string;
  /** Shown beside the label (a link, a counter). */
  labelExtra?: ReactNode;
  /** Shown between the control and the error (a character counter). */
  after?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

/** The control's accessibility wiring: pure, so the unit test checks it without a DOM. */
export function fieldControlProps({
  id,
  hint,
  error,
  errorId,
  required,
}: Pick<FormFieldProps, "id" | "hint" | "error" | "errorId" | "required">): FieldControlProps {
  const invalid = Boolean(error) || errorId !== undefined;
  const describedBy = [hint ? `${id}-hint` : undefined, error ? `${id}-error` : errorId].filter(
    (part): part is string => part !== undefined,
  );
  return {
    id,
    "aria-invalid": invalid ? true : undefined,
    "aria-describedby": describedBy.length ? describedBy.join(" ") : undefined,
    "aria-required": required ? true : undefined,
  };
}

/**
 * One field of a form: its label, the control (rendered by `children` with the id and aria
 * wiring), an optional hint and the error message, announced by `FieldError`'s role="alert".
 * Spread react-hook-form's `register(name)` on the control as well, so its ref reaches the DOM
 * element and `handleSubmit` focuses the first invalid field.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  errorId,
  required,
  className,
  labelClassName,
  labelExtra,
  after,
  children,
}: FormFieldProps) {
  const control = fieldControlProps({ id, hint, error, errorId, required });
  const labelNode = (
    <Label htmlFor={id} className={labelClassName}>
      {label}
    </Label>
  );
  return (
    <div className={cn("space-y-1.5", className)}>
      {labelExtra ? (
        <div className="flex items-center justify-between">
          {labelNode}
          {labelExtra}
        </div>
      ) : (
        labelNode
      )}
      {children(control)}
      {after}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * A form whose spec gives one message for several empty fields ("Please fill in all fields.")
 * shows it once: the first invalid field (in `order`) carries the message, every later field with
 * the same message points at it through `errorId`. Spread the result on each `FormField`.
 */
export function sharedFieldErrors<Name extends string>(
  errors: Partial<Record<Name, { message?: string } | undefined>>,
  order: readonly { name: Name; id: string }[],
): Record<Name, { error?: string; errorId?: string }> {
  const shownAt = new Map<string, string>();
  const result = {} as Record<Name, { error?: string; errorId?: string }>;
  for (const { name, id } of order) {
    const message = errors[name]?.message;
    if (!message) {
      result[name] = {};
      continue;
    }
    const first = shownAt.get(message);
    if (first === undefined) {
      shownAt.set(message, `${id}-error`);
      result[name] = { error: message };
    } else {
      result[name] = { errorId: first };
    }
  }
  return result;
}

/** The control's `aria-describedby` plus more ids (a form-wide message, a counter). */
export function describedBy(control: FieldControlProps, ...more: (string | undefined)[]): string | undefined {
  const ids = [control["aria-describedby"], ...more].filter((part): part is string => Boolean(part));
  return ids.length ? ids.join(" ") : undefined;
}

/**
 * A group of radios or checkboxes under a legend: each control gets the group's aria wiring
 * (spread `control` and `register(name)` on every input), the error is shown under the group.
 */
export function FormFieldset({
  id,
  legend,
  error,
  className,
  children,
}: {
  /** The group's id; its error is `${id}-error`. */
  id: string;
  legend: ReactNode;
  error?: string;
  className?: string;
  children: (control: Omit<FieldControlProps, "id">) => ReactNode;
}) {
  const { id: _, ...control } = fieldControlProps({ id, error });
  return (
    <fieldset id={id} className={cn("space-y-2", className)}>
      <legend className="text-sm font-medium">{legend}</legend>
      {children(control)}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
