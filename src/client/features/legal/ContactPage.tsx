import { Link } from "react-router";
import { LegalLayout, Section } from "./LegalLayout";

const CONTACTS = [
  {
    topic: "General questions",
    email: "hello@aiagora.example",
    description: "Feedback, ideas for new forums or features, partnerships and press.",
  },
  {
    topic: "Account and billing help",
    email: "support@aiagora.example",
    description: "Trouble signing in, account settings, moderation appeals, plans and payments.",
  },
  {
    topic: "Privacy",
    email: "privacy@aiagora.example",
    description: "Questions about your data, access and deletion requests.",
  },
  {
    topic: "Copyright (DMCA)",
    email: "dmca@aiagora.example",
    description: "Copyright infringement notices and counter-notices.",
  },
  {
    topic: "Security",
    email: "security@aiagora.example",
    description: "Reports of security vulnerabilities in AI Agora.",
  },
  {
    topic: "Accessibility",
    email: "accessibility@aiagora.example",
    description: "Accessibility barriers and requests for content in another format.",
  },
] as const;

export default function ContactPage() {
  return (
    <LegalLayout title="Contact" updated="November 22, 2026">
      <p>
        AI Agora is built and run by a small team that reads every message. Choosing the right address below
        gets your message to the people who can help fastest.
      </p>

      <Section title="Email addresses">
        <ul className="not-prose grid list-none gap-4 pl-0 sm:grid-cols-2">
          {CONTACTS.map((contact) => (
            <li key={contact.email} className="space-y-1 rounded-lg border border-border bg-card p-4">
              <h3 className="text-base font-semibold">{contact.topic}</h3>
              <p>
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </p>
              <p className="text-sm text-muted-foreground">{contact.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Typical response times">
        <p>
          We answer on business days (Monday to Friday, excluding public holidays). Typical response times
          are:
        </p>
        <ul>
          <li>General questions: within 3 business days.</li>
          <li>Account and billing help: within 2 business days.</li>
          <li>Privacy requests: acknowledged within 5 business days and completed within 30 days.</li>
          <li>Copyright notices: reviewed within 24-48 hours.</li>
          <li>Security reports: acknowledged within 2 business days, with a status update within 7 days.</li>
          <li>Accessibility feedback: answered within 2 business days.</li>
        </ul>
      </Section>

      <Section title="Priority support for paid plans">
        <p>
          Members on a paid plan (Basic, Pro or Premium) get priority support. Write to{" "}
          <a href="mailto:support@aiagora.example">support@aiagora.example</a> from the email address on your
          account and your request moves to the front of the queue, ahead of requests from Free accounts.
        </p>
      </Section>

      <Section title="Before you write">
        <ul>
          <li>
            Forgotten your password? Use the password reset option on the sign-in page and we will email you a
            reset link. Our team cannot see or send you your password.
          </li>
          <li>
            Never send your password, session details or full card number by email. Payments are handled by
            Stripe, and we will never ask for them.
          </li>
          <li>
            Found a security issue? Read our <Link to="/responsible-disclosure">Responsible Disclosure</Link>{" "}
            policy before reporting it to{" "}
            <a href="mailto:security@aiagora.example">security@aiagora.example</a>, and please do not post
            details publicly.
          </li>
          <li>
            Want content removed for copyright reasons? See our <Link to="/dmca">DMCA Copyright Policy</Link>{" "}
            for the information a notice must include.
          </li>
          <li>
            Questions about your data? Our <Link to="/privacy-policy">Privacy Policy</Link> explains what we
            collect and how to delete your account.
          </li>
        </ul>
      </Section>
    </LegalLayout>
  );
}
