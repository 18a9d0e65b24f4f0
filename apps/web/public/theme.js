// The reader's theme before the first paint (ADR 0034): a classic script in <head>, since the CSP
// allows no inline script. The key is src/lib/theme.ts's THEME_STORAGE_KEY; that module does the rest.
/* global document */
try {
  var theme = localStorage.getItem('summa.theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
} catch {
  // No storage: the system's theme.
}
