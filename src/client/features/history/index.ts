/** What other client features may use of this one (decision 0081): the "edited" mark, loaded lazily. */
export { LazyEditedMark as EditedMark } from "./LazyEditedMark";
