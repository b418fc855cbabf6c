import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** How a script run ended. */
export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `scripts/<script>` with tsx, as its npm script does (npm itself is left out: it adds warnings of its own
 * to stderr), in the repository, with the test's environment minus DATABASE_URL and DATA_DIR plus `env`.
 */
export function runScript(script: string, args: readonly string[], env: Record<string, string> = {}): Promise<ScriptRun> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  delete childEnv.DATABASE_URL;
  delete childEnv.DATA_DIR;
  Object.assign(childEnv, env);
  return new Promise((resolve, reject) => {
    const child = spawn(join(repoRoot, 'node_modules', '.bin', 'tsx'), [join('scripts', script), ...args], { cwd: repoRoot, env: childEnv });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
