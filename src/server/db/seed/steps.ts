// Importing this module registers every feature's seed step (see ./index.ts).
import "./demo-members";
