import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import {
  SUPPORT_LIMITS,
  type SubscriptionStatusBody,
  type SupportTicketCreateInput,
  supportTicketCreateSchema,
} from "../../../common/subscriptions";
import { applyServerErrors } from "../../api/errors";
import { errorMessage } from "../../api/http";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormField } from "../../ui/form-field";
import { Input, Textarea } from "../../ui/input";
import { toast } from "../../ui/toast";
import { useOpenTicket } from "./api";
import { SupportBadge } from "./CurrentPlanBanner";

const RESPONSE_TIME: Record<SubscriptionStatusBody["entitlements"]["prioritySupport"], string> = {
  no: "We answer requests in the order they arrive.",
  yes: "Your plan includes priority support: your request goes to the front of the queue.",
  dedicated: "Your plan includes dedicated support: a named member of our team handles your request.",
};

/** The support contact form; the server flags the ticket's priority from the member's plan. */
export function SupportForm({ level }: { level: SubscriptionStatusBody["entitlements"]["prioritySupport"] }) {
  const open = useOpenTicket();
  const form = useForm<SupportTicketCreateInput>({
    resolver: zodResolver(supportTicketCreateSchema),
    defaultValues: { subject: "", message: "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await open.mutateAsync(values);
      form.reset();
      toast({
        title: "Message sent",
        description: "Our support team will get back to you by email.",
        variant: "success",
      });
    } catch (err) {
      // A validation 400 names its fields: their messages go under the fields themselves.
      applyServerErrors(form.setError, err, ["subject", "message"]);
      toast({
        title: "Error",
        description: errorMessage(err, "Something went wrong"),
        variant: "destructive",
      });
    }
  });

  return (
    <section aria-labelledby="support-title" className="mt-12">
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h2 id="support-title" className="text-xl font-semibold">
          Contact support
        </h2>
        <SupportBadge level={level} />
      </div>
      <Card className="p-5">
        <p className="mb-4 text-sm text-muted-foreground">{RESPONSE_TIME[level]}</p>
        <form className="space-y-4" onSubmit={onSubmit} noValidate>
          <FormField id="support-subject" label="Subject" required error={errors.subject?.message}>
            {(control) => (
              <Input {...control} maxLength={SUPPORT_LIMITS.subjectMax} {...form.register("subject")} />
            )}
          </FormField>
          <FormField id="support-message" label="Message" required error={errors.message?.message}>
            {(control) => (
              <Textarea
                {...control}
                rows={5}
                maxLength={SUPPORT_LIMITS.messageMax}
                {...form.register("message")}
              />
            )}
          </FormField>
          <Button type="submit" pending={open.isPending}>
            {open.isPending ? "Sending..." : "Send message"}
          </Button>
        </form>
      </Card>
    </section>
  );
}
