import { Link } from "react-router";
import { PRODUCT_NAME, TAGLINE } from "../../common/constants";
import { FOOTER_EXPLORE, FOOTER_LEGAL } from "./nav";

export function Footer() {
  return (
    <footer className="mt-16 border-t border-border bg-card/50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold">{PRODUCT_NAME}</p>
          <p className="mt-1 text-sm text-muted-foreground">{TAGLINE}</p>
          <p className="mt-4 text-sm text-muted-foreground">
            A public square for conversations about artificial intelligence, across generations.
          </p>
        </div>
        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore" className="text-sm font-semibold">
            Explore
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {FOOTER_EXPLORE.map((l) => (
              <li key={l.to}>
                <Link className="text-muted-foreground hover:text-foreground hover:underline" to={l.to}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="text-sm font-semibold">
            Legal
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {FOOTER_LEGAL.map((l) => (
              <li key={l.to}>
                <Link className="text-muted-foreground hover:text-foreground hover:underline" to={l.to}>
                  {l.label}
                </Link>
              </li>
            ))}
            <li>
              <a
                className="text-muted-foreground hover:text-foreground hover:underline"
                href="https://github.com/ai-agora/community/discussions"
                target="_blank"
                rel="noopener noreferrer"
              >
                Community discussions (external)
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-border py-4 text-center text-xs text-muted-foreground">
        © 2026 {PRODUCT_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
