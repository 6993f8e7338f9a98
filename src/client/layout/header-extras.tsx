/**
 * Signed-in header controls contributed by features (notifications popover, global search
 * dialog). Each feature adds its component here.
 */
export function HeaderExtras() {
  return null;
}
