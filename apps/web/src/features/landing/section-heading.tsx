import { cn } from '../../lib/utils';

interface SectionHeadingProps {
  id: string;
  title: string;
  lead?: string;
  className?: string;
}

/** A landing section's <h2> (the section is labelled by its id) and optional lead line. */
export function SectionHeading({ id, title, lead, className }: SectionHeadingProps) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      <h2 id={id} className="text-3xl font-bold tracking-tight text-balance text-stone-900 sm:text-4xl">
        {title}
      </h2>
      {lead ? <p className="mt-3 text-lg text-stone-600">{lead}</p> : null}
    </div>
  );
}
