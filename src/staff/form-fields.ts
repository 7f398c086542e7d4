/** A posted form's text field, '' when absent or a file (actions trust nothing they are sent). */
export function textField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
