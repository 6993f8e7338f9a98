import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../ui/button";
import { useAuth } from "../auth/useAuth";

/** The header's way into the moderation dashboard, for administrators only. */
export function AdminLink() {
  const { user } = useAuth();
  if (user?.role !== "admin") return null;
  return (
    <Button asChild variant="ghost" size="icon">
      <Link to="/admin" aria-label="Moderation dashboard" title="Moderation dashboard">
        <ShieldCheck className="h-5 w-5" aria-hidden="true" />
      </Link>
    </Button>
  );
}
