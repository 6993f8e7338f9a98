// Importing this module registers every feature's seed step (see ./index.ts).
import "./demo-members";
import "../../features/ai-models/seed";
import "../../features/posts/seed";
import "../../features/subscriptions/seed";
import "../../features/forums/seed";
import "../../features/prompts/seed";
import "../../features/follows/seed";
import "../../features/feature-flags/seed";
