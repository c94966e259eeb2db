/** What an admin screen says after an action: a refusal or a success. */
export interface Notice {
  tone: 'error' | 'success';
  text: string;
}
