import { useId, type ReactNode, type Ref } from 'react';

interface SettingsSectionProps {
  /** The section's id, for links to it (`/settings#account`). */
  id: string;
  title: string;
  lead: string;
  ref?: Ref<HTMLElement>;
  children: ReactNode;
}

/** One of Settings' sections below the profile: a rule above, its title and lead, then its parts. */
export function SettingsSection({ id, title, lead, ref, children }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <section
      id={id}
      ref={ref}
      aria-labelledby={headingId}
      className="mt-12 flex max-w-2xl scroll-mt-24 flex-col gap-6 border-t border-stone-200 pt-10"
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-stone-900">
          {title}
        </h2>
        <p className="text-stone-600">{lead}</p>
      </div>
      {children}
    </section>
  );
}
