/**
 * Fills the `{{name}}` placeholders of a translated text on the server, which has no i18next
 * (mails, the PDF export); a placeholder without a value stays as it is.
 */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => {
    const value = values[name];
    return value === undefined ? placeholder : String(value);
  });
}
