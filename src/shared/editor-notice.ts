/** The outcome of a staff action, shown next to what it was about: green for done, red (an alert) for refused. */
export interface EditorNotice {
  kind: 'success' | 'error';
  text: string;
}
