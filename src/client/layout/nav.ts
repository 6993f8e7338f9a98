import {
  BarChart3,
  Bookmark,
  Bot,
  CreditCard,
  Flame,
  Home,
  type LucideIcon,
  MessagesSquare,
  ScrollText,
  Users,
} from "lucide-react";

/** Main navigation of SPEC §2.2, in order. */
export const MAIN_NAV: { to: string; label: string; icon: LucideIcon }[] = [
  { to: "/", label: "Home", icon: Home },
  { to: "/forums", label: "Forums", icon: MessagesSquare },
  { to: "/prompts", label: "Prompts", icon: ScrollText },
  { to: "/ai-models", label: "AI Models", icon: Bot },
  { to: "/trending", label: "Trending", icon: Flame },
  { to: "/saved", label: "Saved", icon: Bookmark },
  { to: "/analytics", label: "Analytics", icon: BarChart3 },
  { to: "/generational-insights", label: "Insights", icon: Users },
  { to: "/subscription", label: "Subscription", icon: CreditCard },
];

export const FOOTER_EXPLORE = [
  { to: "/ai-models", label: "AI Models" },
  { to: "/forums", label: "Forums" },
  { to: "/prompts", label: "Prompt Library" },
  { to: "/arena", label: "Arena" },
  { to: "/trending", label: "Trending" },
  { to: "/explore", label: "Explore" },
  { to: "/creators", label: "Creators" },
  { to: "/generational-insights", label: "Generational Insights" },
];

export const FOOTER_LEGAL = [
  { to: "/terms-of-service", label: "Terms of Service" },
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/accessibility", label: "Accessibility" },
  { to: "/dmca", label: "DMCA" },
  { to: "/contact", label: "Contact" },
  { to: "/responsible-disclosure", label: "Responsible Disclosure" },
];
