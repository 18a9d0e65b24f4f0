import { useId, type ReactNode } from 'react';
import { cn } from '../../../lib/utils';

interface AccountCardProps {
  title: string;
  lead?: ReactNode;
  /** The danger zone's look: a red border. */
  tone?: 'default' | 'danger';
  children?: ReactNode;
}

/** One part of the Account section: a card with its heading (named by it for landmarks) and lead. */
export function AccountCard({ title, lead, tone = 'default', children }: AccountCardProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col gap-4 rounded-2xl border bg-white p-4 shadow-sm sm:p-6',
        tone === 'danger' ? 'border-red-300' : 'border-stone-200',
      )}
    >
      <div className="flex flex-col gap-1">
        <h3 id={headingId} className="text-lg font-semibold text-stone-900">
          {title}
        </h3>
        {lead ? <p className="text-sm text-stone-600">{lead}</p> : null}
      </div>
      {children}
    </section>
  );
}
