import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { move } from './form-state';

const ICON_BUTTON = '!min-h-10 !px-2';

/** Move up, move down and remove for item `index` of an ordered list (custom fields, template headings). */
export function OrderButtons<T>({
  items,
  index,
  name,
  onChange,
}: {
  items: T[];
  index: number;
  name: string;
  onChange: (next: T[]) => void;
}) {
  return (
    <>
      <Button
        tone="ghost"
        className={ICON_BUTTON}
        aria-label={`Move ${name} up`}
        isDisabled={index === 0}
        onPress={() => onChange(move(items, index, -1))}
      >
        <ArrowUp aria-hidden className="size-4" />
      </Button>
      <Button
        tone="ghost"
        className={ICON_BUTTON}
        aria-label={`Move ${name} down`}
        isDisabled={index === items.length - 1}
        onPress={() => onChange(move(items, index, 1))}
      >
        <ArrowDown aria-hidden className="size-4" />
      </Button>
      <Button
        tone="ghost"
        className={ICON_BUTTON}
        aria-label={`Remove ${name}`}
        onPress={() => onChange(items.filter((_, j) => j !== index))}
      >
        <Trash2 aria-hidden className="size-4" />
      </Button>
    </>
  );
}
