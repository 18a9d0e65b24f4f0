import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';

/**
 * A card of a summary's page (its narration, keeping it offline): its icon, in the brand's colour,
 * beside its heading and lead line, then what the screen puts in it. Not printed.
 */
export function CardSection({
  icon: Icon,
  title,
  lead,
  testId,
  children,
}: {
  icon: LucideIcon;
  title: string;
  lead: string;
  testId: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5 print:hidden"
      data-print-hidden
      data-testid={testId}
    >
      <div className="flex items-start gap-3">
        <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-lg font-bold text-stone-900">
            {title}
          </h2>
          <p className="text-sm text-stone-600">{lead}</p>
        </div>
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}
