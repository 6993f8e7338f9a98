import { Link } from "react-router";
import { LegalLayout, Section } from "./LegalLayout";

export default function DmcaPage() {
  return (
    <LegalLayout title="DMCA Copyright Policy" updated="November 22, 2026">
      <p>
        AI Agora respects the intellectual property of others and expects its members to do the same. We
        respond to notices of alleged copyright infringement that comply with the Digital Millennium Copyright
        Act ("DMCA"), 17 U.S.C. § 512. This policy applies to all content on AI Agora, including posts,
        comments, forum threads and replies, prompts, model reviews, bios and avatar images.
      </p>

      <Section title="Designated agent">
        <p>
          Send copyright notices and counter-notices to our designated agent by email at{" "}
          <a href="mailto:dmca@aiagora.example">dmca@aiagora.example</a>. Please use the subject line "DMCA
          Notice" or "DMCA Counter-Notice". This address is only for copyright matters; other messages sent to
          it will not receive a reply.
        </p>
      </Section>

      <Section title="How to file a notice">
        <p>
          If you believe content on AI Agora infringes a copyright you own or are authorized to enforce, send
          a written notice that includes all of the elements required by 17 U.S.C. § 512(c)(3):
        </p>
        <ol>
          <li>
            A physical or electronic signature of a person authorized to act on behalf of the owner of the
            copyright that is allegedly infringed. A typed full name is accepted as an electronic signature.
          </li>
          <li>
            Identification of the copyrighted work claimed to have been infringed or, if several works are
            covered by one notice, a representative list of them.
          </li>
          <li>
            Identification of the material that is claimed to be infringing and that is to be removed, with
            information reasonably sufficient for us to locate it. The direct link (URL) to each post, prompt,
            comment or review is the best way to do this.
          </li>
          <li>
            Information reasonably sufficient for us to contact you, such as your name, postal address,
            telephone number and email address.
          </li>
          <li>
            A statement that you have a good faith belief that use of the material in the manner complained of
            is not authorized by the copyright owner, its agent or the law.
          </li>
          <li>
            A statement that the information in the notice is accurate and, under penalty of perjury, that you
            are authorized to act on behalf of the owner of the exclusive right that is allegedly infringed.
          </li>
        </ol>
        <p>
          Before sending a notice, please consider whether the use may be a fair use, for example a short
          quotation in a model review or a discussion thread. Under 17 U.S.C. § 512(f), anyone who knowingly
          materially misrepresents that material is infringing may be liable for damages.
        </p>
      </Section>

      <Section title="What happens after you file">
        <ul>
          <li>
            Notices are reviewed within 24-48 hours of receipt. If a notice is missing required elements, we
            will tell you what is missing and take no action until it is complete.
          </li>
          <li>
            If the notice is valid, we remove or disable access to the identified material and notify the
            member who posted it. We send the member a copy of the notice, which may include the contact
            details you provided.
          </li>
          <li>
            Stealth posts are handled the same way. Their authors are hidden from other members but are known
            to our administrators, so the author is notified and the notice counts against their account.
          </li>
        </ul>
      </Section>

      <Section title="Counter-notices">
        <p>
          If your content was removed and you believe this happened because of a mistake or misidentification
          of the material, you may send a counter-notice to{" "}
          <a href="mailto:dmca@aiagora.example">dmca@aiagora.example</a>. Under 17 U.S.C. § 512(g)(3) it must
          include:
        </p>
        <ol>
          <li>Your physical or electronic signature.</li>
          <li>
            Identification of the material that was removed or disabled and the location (URL) where it
            appeared before it was removed.
          </li>
          <li>
            A statement under penalty of perjury that you have a good faith belief that the material was
            removed or disabled as a result of mistake or misidentification of the material.
          </li>
          <li>
            Your name, address and telephone number, and a statement that you consent to the jurisdiction of
            the Federal District Court for the judicial district in which your address is located (or, if your
            address is outside the United States, any judicial district in which AI Agora may be found), and
            that you will accept service of process from the person who provided the original notice or their
            agent.
          </li>
        </ol>
        <p>
          When we receive a valid counter-notice, we forward a copy to the person who sent the original
          notice. We then restore the material no sooner than 10 and no later than 14 business days after
          receiving the counter-notice, unless our designated agent first learns that they have filed a court
          action seeking to restrain you from the allegedly infringing activity.
        </p>
      </Section>

      <Section title="Repeat infringers">
        <p>
          AI Agora terminates the accounts of repeat infringers. Accounts of members who receive more than two
          valid notices are terminated, which means a third valid notice against the same account leads to
          termination. Notices that are withdrawn, or where the material is restored after a successful
          counter-notice, do not count. A member whose account is terminated under this policy may not create
          a new account, and paid plans are ended without a refund for the current billing period, as
          described in our Terms of Service.
        </p>
      </Section>

      <Section title="Other concerns">
        <p>
          This policy covers copyright only. For questions about how we handle personal information, see our{" "}
          <Link to="/privacy-policy">Privacy Policy</Link> or write to{" "}
          <a href="mailto:privacy@aiagora.example">privacy@aiagora.example</a>. For trademark complaints,
          content that breaks our community rules and other issues, contact{" "}
          <a href="mailto:support@aiagora.example">support@aiagora.example</a>.
        </p>
      </Section>
    </LegalLayout>
  );
}
