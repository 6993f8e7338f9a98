import { Dialog } from "../../ui/dialog";
import { ShortcutTable } from "./ShortcutTable";

/** The "?" dialog: every keyboard shortcut (its own chunk, loaded on the first "?"). */
export default function HelpDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Keyboard shortcuts"
      description="They work anywhere except while you type in a field or a dialog is open."
    >
      <ShortcutTable />
    </Dialog>
  );
}
