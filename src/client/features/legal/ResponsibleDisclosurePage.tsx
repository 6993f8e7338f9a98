import { Link } from "react-router";
import { LegalLayout, Section } from "./LegalLayout";

export default function ResponsibleDisclosurePage() {
  return (
    <LegalLayout title="Responsible Disclosure" updated="November 22, 2026">
      <p>
        Keeping our members' accounts and data safe is a priority for AI Agora. If you believe you have found
        a security vulnerability, we want to hear from you, and we will work with you to understand and fix
        it. This policy explains what is in scope, how to report, and what you can expect from us.
      </p>

      <Section title="Scope">
        <p>The following are in scope:</p>
        <ul>
          <li>The AI Agora web application at aiagora.example.</li>
          <li>The AI Agora API, including every endpoint used by the web application.</li>
        </ul>
        <p>We are especially interested in:</p>
        <ul>
          <li>authentication, session handling and password reset flaws;</li>
          <li>
            broken access control, for example reading another member's email address, revealing the author of
            a stealth post, or editing content that is not yours;
          </li>
          <li>
            cross-site scripting (XSS), cross-site request forgery (CSRF) and injection vulnerabilities;
          </li>
          <li>vulnerabilities in avatar image upload or processing;</li>
          <li>ways to obtain paid plan features without paying, or to change another member's plan.</li>
        </ul>
      </Section>

      <Section title="Out of scope">
        <ul>
          <li>
            Third-party services such as Stripe and our email provider. Please report issues in those services
            directly to the vendor.
          </li>
          <li>Denial of service, load testing or any test that degrades the service for other members.</li>
          <li>Social engineering or phishing of AI Agora staff or members, and physical attacks.</li>
          <li>Reports from automated scanners without a demonstrated, reproducible impact.</li>
          <li>
            Missing security headers, cookie flags or email settings (SPF, DKIM, DMARC) without a practical
            exploit.
          </li>
          <li>Clickjacking on pages with no state-changing actions, and self-XSS.</li>
          <li>
            Bypassing the profanity filter or spam detection. These are moderation issues; report them to{" "}
            <a href="mailto:support@aiagora.example">support@aiagora.example</a>.
          </li>
          <li>Vulnerabilities that only affect outdated or unsupported browsers.</li>
        </ul>
      </Section>

      <Section title="How to report">
        <p>
          Email your report to <a href="mailto:security@aiagora.example">security@aiagora.example</a>.
          Encrypting your report with PGP is optional; if you would like to, ask us for our current public key
          first. Please include:
        </p>
        <ul>
          <li>a description of the vulnerability and the affected page, URL or API endpoint;</li>
          <li>step-by-step instructions to reproduce it, with any proof-of-concept code or screenshots;</li>
          <li>the impact you believe it has and what an attacker could achieve;</li>
          <li>the usernames of any test accounts you used;</li>
          <li>how you would like to be credited, or that you prefer to stay anonymous.</li>
        </ul>
      </Section>

      <Section title="Rules for testing">
        <ul>
          <li>
            Use only accounts you created yourself, and never access, modify or delete other members' data.
          </li>
          <li>
            If you come across personal data, stop, do not keep or share it, and tell us in your report what
            you saw.
          </li>
          <li>
            Keep automated testing to a low volume and respect rate limits, including the limit of 5 posts per
            minute. Do not publish test content that other members will see.
          </li>
          <li>Do not use a vulnerability beyond what is needed to demonstrate it.</li>
        </ul>
      </Section>

      <Section title="Safe harbour">
        <p>
          If you make a good faith effort to follow this policy, we will consider your research authorized, we
          will not take legal action against you or ask law enforcement to investigate you, and we will not
          suspend your account because of your testing. If a third party takes legal action against you for
          activities that complied with this policy, we will make it known that your actions were authorized
          by us. This safe harbour does not cover third-party services or actions that clearly go beyond this
          policy, such as accessing members' data or disrupting the service.
        </p>
      </Section>

      <Section title="What you can expect from us">
        <ul>
          <li>We will acknowledge your report within 2 business days.</li>
          <li>
            We will send you a status update within 7 days, with our assessment of the issue and the expected
            next steps.
          </li>
          <li>We will keep you informed while we work on a fix and tell you when the issue is resolved.</li>
        </ul>
      </Section>

      <Section title="Disclosure">
        <p>
          Please do not disclose the vulnerability publicly, or to anyone else, before it has been fixed. Once
          it is fixed, we are happy to agree a disclosure date with you, and where members were affected we
          will inform them as described in our <Link to="/privacy-policy">Privacy Policy</Link>.
        </p>
      </Section>

      <Section title="Hall of thanks">
        <p>
          We do not run a paid bug bounty, but we are grateful to everyone who helps keep AI Agora safe. With
          your permission, researchers who report a valid, previously unknown vulnerability are thanked by
          name or handle in our hall of thanks on this page once the issue is fixed.
        </p>
        <p className="text-muted-foreground">No reports have been credited yet. Yours could be the first.</p>
      </Section>
    </LegalLayout>
  );
}
