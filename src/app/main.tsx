/**
 * The app's entry. On the prerendered landing the inline script (src/shared/early-tap.ts) imports it on the visitor's
 * first input or once the page is idle after load; elsewhere it is the page's module script.
 *
 * Its two large libraries are evaluated one per task, and the app after them (boot.tsx), then started: a phone four
 * times slower than a laptop spends over 100 ms evaluating them all at once, a task that would hold a tap that came
 * meanwhile. Apart, each is shorter, and the browser can answer input and paint between them. (The router
 * is left to boot.tsx's own imports: a namespace import here would keep all of it, 60 KB, where the app uses a fifth.)
 */
import { nextTask } from '../ui/when-idle';

// The landing's inline script imports this module in a task of its own; React is evaluated in the next one, not in
// that task's microtasks (its module preloaded, the import resolves within them, and both made a long task).
await nextTask();
await import('react-dom/client');
await nextTask();
await import('styled-components');
await nextTask();
const { boot } = await import('./boot');
// Evaluating boot.tsx's modules (the router, the shell) and starting the app are each a task too: in one, they made a
// long task (58 ms at 4x CPU) in 1 load of 20.
await nextTask();
boot();

export {};
