import { ArrowLeft, Home } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { Button } from "../../ui/button";
import { useDocumentTitle } from "../../ui/page";

export default function NotFoundPage() {
  useDocumentTitle("Page Not Found");
  const navigate = useNavigate();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      {/* The spec's heading says "404" once; no second, decorative "404" above it (issue 25). */}
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="mt-2 text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">
            <Home className="h-4 w-4" aria-hidden="true" /> Return to Home
          </Link>
        </Button>
        <Button variant="outline" onClick={() => navigate(-1)}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Go Back
        </Button>
      </div>
      <nav aria-label="Quick links" className="mt-8">
        <p className="text-sm text-muted-foreground">Or try one of these:</p>
        <ul className="mt-2 flex flex-wrap justify-center gap-4 text-sm">
          <li>
            <Link className="text-primary hover:underline" to="/forums">
              Forums
            </Link>
          </li>
          <li>
            <Link className="text-primary hover:underline" to="/prompts">
              Prompts
            </Link>
          </li>
          <li>
            <Link className="text-primary hover:underline" to="/ai-models">
              AI Models
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
