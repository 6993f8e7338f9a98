/** What other features may use of this one (src/architecture.test.ts). */
export { hasTwoFactor, startSecondStep } from "./service";
