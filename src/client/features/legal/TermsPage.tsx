import { Link } from "react-router";
import { LegalLayout, Section } from "./LegalLayout";

export default function TermsPage() {
  return (
    <LegalLayout title="Terms of Service" updated="November 22, 2026">
      <p>
        These Terms of Service ("Terms") govern your use of AI Agora, the community where minds meet machines
        ("AI Agora", "we", "us"). They cover the website, the API and every feature we offer, including posts,
        forums, the prompt library, model reviews, follows and paid plans. By creating an account or using AI
        Agora you agree to these Terms, to our <Link to="/privacy-policy">Privacy Policy</Link> and to our{" "}
        <Link to="/dmca">DMCA Copyright Policy</Link>. If you do not agree, please do not use AI Agora.
      </p>

      <Section title="1. Who can use AI Agora">
        <ul>
          <li>
            You must be at least 13 years old to create an account. If you are under 18, you confirm that a
            parent or legal guardian has reviewed these Terms with you and agrees to them.
          </li>
          <li>
            If we learn that an account belongs to someone younger than 13, we will close it and delete its
            data.
          </li>
          <li>
            You may hold one personal account. You may not use AI Agora if we have previously terminated your
            account for violating these Terms, unless we have told you in writing that you may return.
          </li>
        </ul>
      </Section>

      <Section title="2. Your account">
        <p>
          You are responsible for the information in your account and for everything done with it. Choose a
          strong password, do not share it, and sign out on shared devices. If you think someone else has
          access to your account, reset your password and contact{" "}
          <a href="mailto:support@aiagora.example">support@aiagora.example</a> straight away. Usernames must
          not impersonate another person, brand or AI company, and must not be offensive.
        </p>
      </Section>

      <Section title="3. Community rules">
        <p>
          AI Agora works because members can disagree about models, tools and ideas while treating each other
          with respect. The following rules apply to everything you publish: posts, comments, forum threads
          and replies, prompts, model reviews and ratings, your bio and your avatar.
        </p>
        <ul>
          <li>No harassment, threats, hate speech or attacks on people because of who they are.</li>
          <li>
            No illegal content, no sexual content involving minors, and no content that promotes violence or
            self-harm.
          </li>
          <li>
            No doxxing: do not publish another person's private information, including email addresses, API
            keys or access tokens.
          </li>
          <li>No malware, phishing links or instructions designed to compromise systems or accounts.</li>
          <li>
            No spam, undisclosed advertising, referral-link farming, vote or rating manipulation, or use of
            multiple accounts to amplify your content.
          </li>
          <li>Only share material you have the right to share, and credit sources when you quote them.</li>
        </ul>

        <h3>Posts and forums</h3>
        <p>
          Post in the forum that best fits your topic and keep replies relevant to the thread. Do not post the
          same thread in several forums. Label AI-generated text or images as such when you share them as
          examples, and do not present model output as verified fact when it has not been checked.
        </p>

        <h3>Prompts</h3>
        <p>
          Prompts you share in the prompt library must not be designed to make an AI system produce illegal
          content, malware, or instructions for causing serious harm, and must not contain personal data or
          secrets. State which model a prompt was written for where it matters. By sharing a prompt publicly
          you allow other members to copy, adapt and use it for their own work.
        </p>

        <h3>Model reviews</h3>
        <p>
          Reviews and ratings must reflect your own genuine experience with the model. If you work for, are
          paid by, or otherwise have a material connection with the company behind a model, say so in your
          review. Do not review competitors' models in bad faith, and do not offer or accept anything in
          exchange for a rating.
        </p>
      </Section>

      <Section title="4. Content moderation">
        <p>
          We combine automated checks with review by moderators and administrators to keep AI Agora useful and
          safe.
        </p>
        <ul>
          <li>
            <strong>Profanity filter.</strong> New posts, comments, replies, prompts and reviews are checked
            by a profanity filter. Content that fails the check may be rejected with an explanation so you can
            edit it.
          </li>
          <li>
            <strong>Spam detection.</strong> Repeated identical content, link-heavy posts and other spam
            signals are detected automatically. Such content may be blocked or held for review.
          </li>
          <li>
            <strong>Rate limit.</strong> Each account may publish at most 5 posts per minute. Further attempts
            within that minute are refused and you will be asked to wait before posting again.
          </li>
          <li>
            <strong>Moderator action.</strong> Moderators may edit formatting, move, lock, hide or remove
            content that breaks these Terms, and may issue warnings or restrict accounts. If you believe a
            decision was wrong, write to <a href="mailto:support@aiagora.example">support@aiagora.example</a>{" "}
            and a different team member will review it.
          </li>
        </ul>
      </Section>

      <Section title="5. Stealth (anonymous) posting">
        <p>
          Stealth mode lets you publish without your username or avatar being shown to other members. Stealth
          posts are bound by exactly the same rules as every other post. Stealth posts are not anonymous to
          us: administrators can always see which account wrote a stealth post and will act against that
          account if the post breaks these Terms. Stealth mode may not be used to evade a suspension, to
          harass someone, or to review a model you are connected with without disclosure.
        </p>
      </Section>

      <Section title="6. Your content">
        <p>
          You keep ownership of what you publish. You grant AI Agora a worldwide, non-exclusive, royalty-free
          license to host, store, reproduce, format and display your content for the purpose of operating and
          improving the service. This license ends when you delete the content or your account, except for
          copies kept for a limited time in backups. If you believe content on AI Agora infringes your
          copyright, follow our <Link to="/dmca">DMCA Copyright Policy</Link>.
        </p>
      </Section>

      <Section title="7. Paid plans and billing">
        <p>
          AI Agora offers four plans: Free, Basic, Pro and Premium. The features of each plan and their
          current prices are shown before you subscribe.
        </p>
        <ul>
          <li>
            Paid plans (Basic, Pro and Premium) are billed monthly in advance and renew automatically each
            month until you cancel. Payments are processed by Stripe; by subscribing you also agree to
            Stripe's terms for the payment.
          </li>
          <li>
            You can cancel at any time from your billing settings. When you cancel, you keep access to your
            paid plan until the end of the current billing period, you are not charged again, and your account
            then returns to the Free plan. We do not refund partial months unless the law requires us to.
          </li>
          <li>
            If a payment fails, Stripe may retry it. If it still cannot be collected, your account returns to
            the Free plan.
          </li>
          <li>
            We will give you at least 30 days' notice by email before a price change affects your
            subscription.
          </li>
        </ul>
      </Section>

      <Section title="8. Suspension and termination">
        <p>
          We may warn you, remove content, temporarily suspend your account or terminate it if you violate
          these Terms, break the law using AI Agora, or put other members or the service at risk. Serious
          violations, such as threats of violence, sharing sexual content involving minors or distributing
          malware, lead to immediate termination. Members who repeatedly infringe copyright are terminated as
          described in the <Link to="/dmca">DMCA Copyright Policy</Link>. If a paid account is terminated for
          violations, the remainder of the current billing period is not refunded.
        </p>
        <p>
          You can stop using AI Agora and delete your account at any time. What happens to your data when you
          do is explained in our <Link to="/privacy-policy">Privacy Policy</Link>.
        </p>
      </Section>

      <Section title="9. AI models, third parties and disclaimers">
        <p>
          AI Agora is an independent community. Unless clearly stated, we are not affiliated with the
          companies whose models are discussed and reviewed here, and model names are trademarks of their
          owners. Content on AI Agora is written by members and may be inaccurate or out of date; use your own
          judgment before relying on it.
        </p>
        <p>
          AI Agora is provided "as is" and "as available". To the extent permitted by law, we disclaim implied
          warranties and are not liable for indirect or consequential losses arising from your use of the
          service. Nothing in these Terms limits rights you have under consumer protection law that cannot be
          waived.
        </p>
      </Section>

      <Section title="10. Changes and contact">
        <p>
          We may update these Terms as AI Agora grows. For material changes we will notify you by email or
          with a notice on the site at least 14 days before they take effect. Questions about these Terms can
          be sent to <a href="mailto:hello@aiagora.example">hello@aiagora.example</a>.
        </p>
      </Section>
    </LegalLayout>
  );
}
