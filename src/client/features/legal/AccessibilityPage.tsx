import { ShortcutTable } from "../shortcuts";
import { LegalLayout, Section } from "./LegalLayout";

export default function AccessibilityPage() {
  return (
    <LegalLayout title="Accessibility Statement" updated="November 26, 2026">
      <p>
        AI Agora is a place where anyone curious about artificial intelligence can join the conversation, and
        that includes people who use a keyboard instead of a mouse, screen readers, screen magnification,
        voice control or other assistive technology. This statement describes what we do to make AI Agora
        accessible, where we still fall short and how to tell us about problems.
      </p>

      <Section title="Our commitment">
        <p>
          AI Agora aims to conform to the Web Content Accessibility Guidelines (WCAG) 2.1 level AA. These
          guidelines explain how to make web content more accessible to people with a wide range of
          disabilities. We treat accessibility problems as bugs, and we fix them with the same priority as any
          other defect that stops members from using the site.
        </p>
      </Section>

      <Section title="Measures we take">
        <ul>
          <li>
            <strong>Keyboard navigation.</strong> Every feature, including posting, replying, rating models,
            following members, changing settings and managing your plan, can be used with the keyboard alone,
            in a logical focus order.
          </li>
          <li>
            <strong>Skip link.</strong> A "Skip to main content" link is the first focusable element on every
            page, so you can move past the site navigation in one keystroke.
          </li>
          <li>
            <strong>Visible focus.</strong> The element that has keyboard focus always shows a clear focus
            indicator.
          </li>
          <li>
            <strong>Labels and errors.</strong> Form fields have visible, programmatically associated labels,
            and validation errors are described in text next to the field they refer to.
          </li>
          <li>
            <strong>Contrast in both themes.</strong> Text and interface colors are chosen to meet WCAG AA
            contrast ratios in both the light and the dark theme.
          </li>
          <li>
            <strong>Accessible components.</strong> Dialogs, menus, tabs, tooltips and other interactive
            widgets are built on accessible Radix primitives, which handle focus management, keyboard
            interaction and ARIA roles.
          </li>
          <li>
            <strong>Structure.</strong> Pages use landmarks and a meaningful heading hierarchy, and images
            such as avatars have text alternatives.
          </li>
          <li>
            <strong>Automated checks.</strong> Automated axe-core accessibility checks run in our continuous
            integration (CI) pipeline against key pages, so regressions are caught before changes reach
            members.
          </li>
        </ul>
        <p>
          We also test manually with the keyboard and with screen readers when we build or change important
          features.
        </p>
      </Section>

      <Section title="Keyboard shortcuts">
        <p>
          Press <kbd>?</kbd> on any page to see these shortcuts. They do nothing while you type in a field or
          while a dialog is open, and none uses a modifier key, so they do not clash with your browser or
          assistive technology. Liking a post needs an account, as the Like button does.
        </p>
        <ShortcutTable />
      </Section>

      <Section title="Known limitations">
        <p>Despite our efforts, some parts of AI Agora may not yet be fully accessible:</p>
        <ul>
          <li>
            <strong>Member content.</strong> Posts, prompts and reviews are written by members. Images they
            share may lack meaningful descriptions, and heading structure inside posts may be inconsistent. We
            encourage members to describe images in their text.
          </li>
          <li>
            <strong>Long prompts and code.</strong> Long prompts and code samples may need horizontal
            scrolling on small screens or at high zoom levels.
          </li>
          <li>
            <strong>Payment pages.</strong> Checkout and card management are provided by Stripe. Their
            accessibility is Stripe's responsibility, but please tell us about problems you meet there and we
            will pass them on.
          </li>
          <li>
            <strong>Automated checks have limits.</strong> axe-core finds many issues but not all of them.
            Some problems are only discovered by people using the site, which is why your feedback matters.
          </li>
        </ul>
      </Section>

      <Section title="Compatibility">
        <p>
          AI Agora is designed to work with the current versions of major browsers (Chrome, Edge, Firefox and
          Safari) and with common screen readers, including NVDA, JAWS, VoiceOver and TalkBack. It relies on
          HTML, CSS, JavaScript and WAI-ARIA. Older browsers and assistive technologies may not be fully
          supported.
        </p>
      </Section>

      <Section title="Feedback and contact">
        <p>
          If you meet an accessibility barrier on AI Agora, or need content in a different format, email{" "}
          <a href="mailto:accessibility@aiagora.example">accessibility@aiagora.example</a>. We answer
          accessibility feedback within 2 business days. It helps us if you include:
        </p>
        <ul>
          <li>the address (URL) of the page where you had the problem;</li>
          <li>what you were trying to do and what happened instead;</li>
          <li>the browser and any assistive technology you use, with versions if you know them.</li>
        </ul>
        <p>
          We will tell you what we are doing about the problem and, where a fix takes longer, help you with an
          alternative way to complete your task in the meantime.
        </p>
      </Section>

      <Section title="How we assessed AI Agora">
        <p>
          This statement is based on a self-assessment by the AI Agora team, combining automated axe-core
          testing in CI with manual keyboard and screen reader testing. We review this statement whenever we
          make significant changes to the site and at least once a year.
        </p>
      </Section>
    </LegalLayout>
  );
}
