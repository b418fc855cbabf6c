/**
 * The question the README's worked example adds after 3-7 ("Are you a morning person?"), as an editor writes it into
 * `screens`: for the tests that make that edit to a copy of the product flow.
 */
export function addedQuestion() {
  return {
    id: 'personality-morning-person',
    route: '/quiz/3-8',
    kind: 'single-choice',
    group: 'personality',
    answerKey: '3-8',
    title: 'Are you a morning person?',
    options: [
      { value: 'morning', label: 'Yes, I rise with the sun' },
      { value: 'night', label: "No, I'm a night owl" },
    ],
    back: { to: 'previous' },
    next: 'relationship-next-step',
  };
}
