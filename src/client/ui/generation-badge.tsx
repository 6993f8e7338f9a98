import { GENERATION_LABELS, type Generation } from "../../common/constants";
import { Badge } from "./badge";

export function GenerationBadge({ generation }: { generation: Generation | string }) {
  const label = GENERATION_LABELS[generation as Generation] ?? generation;
  return <Badge tone="outline">{label}</Badge>;
}
