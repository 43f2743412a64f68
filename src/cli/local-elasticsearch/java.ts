/**
 * Finding the tools the local Elasticsearch node needs: a JDK new enough for the server jars
 * (Elasticsearch 9 needs Java 21) and Maven to fetch and assemble them. Each finder answers the
 * tool or a sentence naming what is missing and how to get it.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The oldest Java the server jars run on. */
export const MIN_JAVA = 21;

export interface Java {
  /** the JDK's home, for `JAVA_HOME` */
  home: string;
  /** its `bin/java` */
  java: string;
  /** the feature release, e.g. 25 */
  release: number;
}

/** The feature release a `java -version` banner names (`"17.0.15"` → 17, `"1.8.0_402"` → 8). */
export function javaRelease(banner: string): number | undefined {
  const match = /version "(\d+)(?:\.(\d+))?/.exec(banner);
  if (!match) return undefined;
  const major = Number(match[1]);
  return major === 1 && match[2] !== undefined ? Number(match[2]) : major;
}

async function releaseOf(java: string): Promise<number | undefined> {
  try {
    const { stderr, stdout } = await run(java, ['-version'], { timeout: 20_000 });
    return javaRelease(`${stderr}${stdout}`);
  } catch {
    return undefined;
  }
}

/** JDK homes to try, in order: `JAVA_HOME`, then every JDK under /usr/lib/jvm (newest name first). */
function candidateHomes(env: NodeJS.ProcessEnv, jvmDir: string): string[] {
  const homes = env.JAVA_HOME ? [env.JAVA_HOME] : [];
  if (existsSync(jvmDir)) {
    const names = readdirSync(jvmDir).sort((a, b) => b.localeCompare(a, 'en', { numeric: true }));
    homes.push(...names.map((name) => join(jvmDir, name)));
  }
  return homes;
}

/**
 * The first JDK of release `MIN_JAVA` or newer, or why there is none (each JDK found and its
 * release, so the message says what to install).
 */
export async function findJava(
  env: NodeJS.ProcessEnv = process.env,
  jvmDir = '/usr/lib/jvm',
): Promise<Java | { missing: string }> {
  const seen: string[] = [];
  for (const home of candidateHomes(env, jvmDir)) {
    const java = join(home, 'bin', 'java');
    if (!existsSync(java)) continue;
    const release = await releaseOf(java);
    if (release !== undefined && release >= MIN_JAVA) return { home, java, release };
    seen.push(`${java} is Java ${release ?? '(unknown)'}`);
  }
  const onPath = await releaseOf('java');
  if (onPath !== undefined) seen.push(`java on PATH is Java ${onPath}`);
  return {
    missing:
      `no Java ${MIN_JAVA} or newer was found (${seen.length > 0 ? seen.join('; ') : 'no java at all'}). ` +
      `Install a JDK ${MIN_JAVA} or newer (Temurin, or an openjdk-${MIN_JAVA}+ package) or set JAVA_HOME to one.`,
  };
}

/** `mvn`'s path when it runs, or why it does not. */
export async function findMaven(): Promise<{ mvn: string } | { missing: string }> {
  try {
    await run('mvn', ['--version'], { timeout: 60_000 });
    return { mvn: 'mvn' };
  } catch {
    return {
      missing:
        "Maven ('mvn') is not installed: it fetches Elasticsearch's jars from Maven Central the first time. " +
        'Install it (e.g. apt-get install maven).',
    };
  }
}
