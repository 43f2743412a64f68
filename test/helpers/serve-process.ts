/**
 * `taxa serve` as a child process, as an operator runs it: its log lines (pino JSON on stdout)
 * collected, its port read from the listening line, signals sent to it, its exit awaited.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/taxa.mjs', import.meta.url));

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface ServeProcess {
  child: ChildProcess;
  /** every log line so far */
  logs: LogLine[];
  stderr: () => string;
  url: string;
  /** resolves with the first log line (this one or a later one) that `test` accepts */
  logged(test: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `taxa serve` through the package bin, or through `command` (e.g. `['npm', 'start']`). */
export async function startServe(
  env: Record<string, string>,
  command: string[] = [process.execPath, BIN, 'serve'],
): Promise<ServeProcess> {
  const [program, ...args] = command;
  const child = spawn(program!, args, {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  const waiters: { test: (line: LogLine) => boolean; resolve: (line: LogLine) => void }[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  createInterface({ input: child.stdout! }).on('line', (text) => {
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      return;
    }
    logs.push(line);
    for (const waiter of waiters.splice(0)) {
      if (waiter.test(line)) waiter.resolve(line);
      else waiters.push(waiter);
    }
  });
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  const logged = (test: (line: LogLine) => boolean, timeoutMs = 30_000) =>
    new Promise<LogLine>((resolve, reject) => {
      const found = logs.find(test);
      if (found) return resolve(found);
      const timer = setTimeout(
        () => reject(new Error(`no such log line in ${timeoutMs} ms; stderr: ${stderr}`)),
        timeoutMs,
      );
      const settle = (line: LogLine) => {
        clearTimeout(timer);
        resolve(line);
      };
      waiters.push({ test, resolve: settle });
      void exited.then(() => reject(new Error(`the server exited; stderr: ${stderr}`)));
    });
  const listening = await logged((line) => line.msg.startsWith('Server listening at '));
  return { child, logs, stderr: () => stderr, url: listening.msg.slice('Server listening at '.length), logged, exited };
}
