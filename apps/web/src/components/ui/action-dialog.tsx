import type { ComponentProps, ReactNode } from 'react';
import { Button, type ButtonProps } from './button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './dialog';

interface DialogActionsProps {
  /** The button that dismisses the dialog (Cancel, Close), first on a wide screen, last on a phone. */
  closeLabel: string;
  closeVariant?: ButtonProps['variant'];
  closeDisabled?: boolean;
  /** The dialog's other buttons, after the close button. */
  children?: ReactNode;
}

/** A dialog's row of buttons: the close button, then its own actions (stacked on a phone). */
export function DialogActions({
  closeLabel,
  closeVariant = 'outline',
  closeDisabled,
  children,
}: DialogActionsProps) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant={closeVariant} disabled={closeDisabled}>
          {closeLabel}
        </Button>
      </DialogClose>
      {children}
    </DialogFooter>
  );
}

interface ActionDialogProps extends Partial<Omit<DialogActionsProps, 'children'>> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** Shown above the title, such as an icon in a circle. */
  icon?: ReactNode;
  /** The dialog's card, e.g. a wider one for a row of long button labels. */
  className?: string;
  titleClassName?: string;
  descriptionClassName?: string;
  /** What the dialog shows between its heading and its buttons. */
  children?: ReactNode;
  /**
   * The buttons after the close button. Without a `closeLabel` the dialog has no row of buttons
   * of its own: `children` end with their own `DialogActions` (a form's, around its submit button).
   */
  actions?: ReactNode;
  onOpenAutoFocus?: ComponentProps<typeof DialogContent>['onOpenAutoFocus'];
}

/**
 * The app's modal dialog, opened from code: a title and a description, its content, and a row of
 * buttons that starts with the one that closes it. Focus returns to what opened it (DialogContent).
 */
export function ActionDialog({
  open,
  onOpenChange,
  title,
  description,
  icon,
  className,
  titleClassName,
  descriptionClassName,
  children,
  actions,
  onOpenAutoFocus,
  closeLabel,
  closeVariant,
  closeDisabled,
}: ActionDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className} onOpenAutoFocus={onOpenAutoFocus}>
        <DialogHeader>
          {icon}
          <DialogTitle className={titleClassName}>{title}</DialogTitle>
          <DialogDescription className={descriptionClassName}>{description}</DialogDescription>
        </DialogHeader>
        {children}
        {closeLabel === undefined ? null : (
          <DialogActions closeLabel={closeLabel} closeVariant={closeVariant} closeDisabled={closeDisabled}>
            {actions}
          </DialogActions>
        )}
      </DialogContent>
    </Dialog>
  );
}
