import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { X } from 'lucide-react';
import { Button } from './button';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  /** Wider dialogs for tables and side-by-side views. */
  size?: 'md' | 'lg' | 'xl';
}

const WIDTH = { md: 'max-w-lg', lg: 'max-w-3xl', xl: 'max-w-6xl' };

/** The app's one modal dialog with a title and a close button (finders, lists, comparisons). */
export function AppDialog({ open, onOpenChange, title, children, size = 'md' }: Props) {
  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={onOpenChange}
      isDismissable
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-slate-900/50 p-2 sm:items-center sm:p-4"
    >
      <Modal className={`w-full ${WIDTH[size]} rounded-xl bg-white shadow-xl dark:bg-slate-800`}>
        <Dialog className="max-h-[90dvh] overflow-y-auto p-4 outline-none sm:p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <Heading slot="title" className="text-lg font-semibold">
              {title}
            </Heading>
            <Button tone="ghost" aria-label="Close" onPress={() => onOpenChange(false)} className="-m-2 !min-h-9 !px-2">
              <X aria-hidden className="size-5" />
            </Button>
          </div>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
