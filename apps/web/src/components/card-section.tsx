import { useId, type ReactNode } from 'react';

/**
 * A card of a summary's page (its narration, keeping it offline): an icon beside its heading and
 * lead line, then what the screen puts in it. Not printed.
 */
export function CardSection({
  icon,
  title,
  lead,
  testId,
  children,
}: {
  icon: ReactNode;
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
        {icon}
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
