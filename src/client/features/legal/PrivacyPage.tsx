import { LegalLayout, Section } from "./LegalLayout";

export default function PrivacyPage() {
  return (
    <LegalLayout title="Privacy Policy" updated="November 22, 2026">
      <p>
        This Privacy Policy explains what information AI Agora ("we", "us") collects when you use our website
        and API, why we collect it, who we share it with and the choices you have. We collect only what we
        need to run a community for people interested in AI, and we do not sell your personal information.
      </p>

      <Section title="1. Information you give us">
        <p>When you create and use an account we store:</p>
        <ul>
          <li>
            <strong>Account data:</strong> your username, email address, generation preference (Gen Z,
            Millennial, Gen X or Boomer), bio and favorite AI models.
          </li>
          <li>
            <strong>Your password</strong>, stored only as a salted hash produced with scrypt. We never store
            or see your password in plain text.
          </li>
          <li>
            <strong>Avatar image</strong>, if you upload one.
          </li>
          <li>
            <strong>Content and activity:</strong> your posts, comments, forum threads and replies, prompts,
            model reviews and the ratings you give, and the members you follow.
          </li>
          <li>
            <strong>Settings:</strong> your notification preferences and your plan.
          </li>
        </ul>
        <p>We also collect a small amount of technical data automatically:</p>
        <ul>
          <li>
            <strong>Session cookie:</strong> a random session token that keeps you signed in (see "Cookies and
            analytics" below). We store only a hash of it on our servers.
          </li>
          <li>
            <strong>Request data:</strong> IP address, browser type and request times in our server logs, used
            for security, rate limiting and troubleshooting.
          </li>
        </ul>
      </Section>

      <Section title="2. What is public and what is not">
        <p>
          Your profile (username, avatar, bio, generation and favorite AI models), your follower counts and
          the content you publish are visible to other visitors. Your email address is never shown publicly:
          it is visible only to you and, where needed to run the service, to AI Agora administrators. When you
          publish in stealth mode, other members do not see your username or avatar, but administrators can
          see which account wrote the post.
        </p>
      </Section>

      <Section title="3. Cookies and analytics">
        <p>
          The first time you visit, the "Cookie Preferences" banner asks how we may use your browser's
          storage.
        </p>
        <ul>
          <li>
            <strong>Essential session cookie.</strong> When you sign in we set one HttpOnly session cookie
            that keeps you signed in. It cannot be read by JavaScript in the page, is only used to identify
            your session, and expires after 30 days or when you sign out. The site cannot work without it, so
            it is set whatever you choose.
          </li>
          <li>
            <strong>Accept All.</strong> If you choose "Accept All", we record first-party analytics events,
            such as which pages are viewed and which features are used, to understand how AI Agora is used and
            what to improve. These events are stored by us and are not shared with advertising networks.
          </li>
          <li>
            <strong>Essential Only.</strong> If you choose "Essential Only", we record nothing: no analytics
            events are collected, and only the essential session cookie is used.
          </li>
        </ul>
        <p>
          We remember your choice on your device so the banner does not reappear. If you clear your site data
          for AI Agora, the banner is shown again and you can choose differently.
        </p>
      </Section>

      <Section title="4. How we use your information">
        <ul>
          <li>To create and secure your account and keep you signed in.</li>
          <li>To display your profile and content, and to show you content from members you follow.</li>
          <li>To send you notifications according to your notification preferences.</li>
          <li>
            To send transactional email, such as password reset emails. A reset email contains a single-use
            link that expires after a short time; we send it only when a reset is requested for your account.
          </li>
          <li>
            To moderate the community, including the profanity filter, spam detection and the rate limit of 5
            posts per minute described in our Terms of Service.
          </li>
          <li>To manage your subscription if you are on a paid plan.</li>
          <li>To protect AI Agora against abuse, fraud and security threats, and to comply with the law.</li>
        </ul>
      </Section>

      <Section title="5. Payments">
        <p>
          Paid plans are billed through Stripe. Your card details are entered into and handled by Stripe, not
          by us: we never receive or store your full card number or security code. We keep only the
          information needed to link your account to your subscription, such as your Stripe customer
          reference, your plan, and whether your subscription is active. Stripe's processing of your data is
          described in the{" "}
          <a href="https://stripe.com/privacy" target="_blank" rel="noopener noreferrer">
            Stripe Privacy Policy
          </a>
          .
        </p>
      </Section>

      <Section title="6. Sharing">
        <p>We share personal information only with:</p>
        <ul>
          <li>
            Service providers who host our infrastructure, deliver our email or process payments (Stripe).
          </li>
          <li>Authorities, when we are legally required to or need to protect someone's safety.</li>
          <li>
            A successor organization, if AI Agora is merged or acquired, under the protections of this policy.
          </li>
        </ul>
      </Section>

      <Section title="7. Security">
        <p>
          Passwords are hashed with scrypt, session cookies are HttpOnly, traffic is encrypted in transit, and
          access to production data is limited to the administrators who need it. No system is perfectly
          secure; if you find a vulnerability, please report it to{" "}
          <a href="mailto:security@aiagora.example">security@aiagora.example</a>.
        </p>
      </Section>

      <Section title="8. Deleting your account and your data">
        <p>
          You can delete your account at any time from your account settings. Deleting your account deletes
          your profile and anonymises or deletes everything you wrote: your posts, comments, forum threads and
          replies, and prompts are deleted; ratings you gave are removed from model averages. Your follows,
          notification preferences and sessions are deleted too, and your avatar image is removed.
        </p>
        <p>
          If you have a paid plan, cancel it before deleting your account. Stripe keeps billing records as
          required by tax and accounting law. Copies in our backups are overwritten in the normal backup
          cycle.
        </p>
      </Section>

      <Section title="9. Your rights">
        <p>
          Depending on where you live, you may have the right to access, correct, export or delete your
          personal information, and to object to or restrict how we use it. You can edit most account data
          yourself in your settings. For anything else, email{" "}
          <a href="mailto:privacy@aiagora.example">privacy@aiagora.example</a>. We respond within 30 days and
          may ask you to confirm your identity first.
        </p>
      </Section>

      <Section title="10. Children">
        <p>
          AI Agora is not for children under 13, and members must be at least 13 years old. If we learn that
          we hold information about a child under 13, we delete the account and its data.
        </p>
      </Section>

      <Section title="11. Changes and contact">
        <p>
          We will post any changes to this policy on this page and update the date above; for significant
          changes we will also notify you by email. Questions or requests about your privacy can be sent to{" "}
          <a href="mailto:privacy@aiagora.example">privacy@aiagora.example</a>.
        </p>
      </Section>
    </LegalLayout>
  );
}
