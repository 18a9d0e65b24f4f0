import { translations, type Language } from '@summa/shared';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The small page an e-mail's unsubscribe link answers with: `confirm` asks (a GET must change
 * nothing: mail scanners open links), with a button that POSTs the one-click body; `done` says the
 * reminder is off and links to Settings.
 */
export function unsubscribePage(language: Language, kind: 'confirm' | 'done', action: string): string {
  const texts = translations[language].reminders.unsubscribe;
  const body =
    kind === 'confirm'
      ? `<p>${escapeHtml(texts.confirm)}</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${escapeHtml(texts.button)}</button>
</form>`
      : `<p role="status">${escapeHtml(texts.done)}</p>
<p><a href="/settings">${escapeHtml(texts.settings)}</a></p>`;
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(texts.title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1c1917;line-height:1.5}
h1{font-size:1.5rem}
button{font:inherit;padding:.6rem 1.2rem;border-radius:.75rem;border:0;background:#1c1917;color:#fff;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #d97706;outline-offset:2px}
a{color:#b45309}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(texts.title)}</h1>
${body}
</main>
</body>
</html>
`;
}
