import type { ReactNode } from 'react';

/**
 * A list's state in place of the list (error, empty, no results): an icon, a title, a line of
 * explanation and one way forward. `role="alert"` for an error.
 */
export function StateMessage({
  icon,
  title,
  body,
  action,
  role,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  action: ReactNode;
  role?: 'alert';
}) {
  return (
    <div
      role={role}
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center"
    >
      {icon}
      <p className="text-lg font-semibold text-stone-900">{title}</p>
      <p className="max-w-sm text-sm text-stone-600">{body}</p>
      <div className="mt-2">{action}</div>
    </div>
  );
}
