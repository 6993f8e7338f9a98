import { GENERATION_LABELS, type Generation } from "../../common/constants";
import { Badge } from "./badge";

/** "Gen Z", "Millennial", …: short labels that never break over two lines (issue 25). */
export function GenerationBadge({ generation }: { generation: Generation | string }) {
  const label = GENERATION_LABELS[generation as Generation] ?? generation;
  return (
    <Badge tone="outline" className="shrink-0 whitespace-nowrap">
      {label}
    </Badge>
  );
}
