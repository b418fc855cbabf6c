/**
 * Runs `task` once the browser is idle, at the latest after `timeoutMs` (at once, in a task of its own, where there
 * is no requestIdleCallback). Answers a function that cancels it.
 */
export function whenIdle(task: () => void, timeoutMs = 1000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 0);
  return () => clearTimeout(timer);
}

/**
 * Resolves in a task of its own: what came before (a module evaluated, a step of work) and the browser's input and
 * paint between tasks come first, so no two pieces of work make one long task.
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
