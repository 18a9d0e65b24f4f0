// A CPU profile of this process while `work` runs (the inspector's profiler, as --cpu-prof
// records, but only around the measured part), written to a .cpuprofile file that Chrome's
// DevTools open, and summed up here by where the time went.
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
}

export interface HotSpot {
  /** `function (file:line)`, the file relative to the repository or to node_modules. */
  where: string;
  selfPercent: number;
}

function shortUrl(url: string): string {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules + 'node_modules/'.length);
  const source = url.search(/\/(apps|packages|bench)\//);
  return source >= 0 ? url.slice(source + 1) : url.replace(/^file:\/\//, '');
}

/** The functions with the most samples of their own, as shares of all samples. */
export function hotSpots(profile: Profile, count: number): HotSpot[] {
  const total = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
  const byPlace = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = `${functionName || '(anonymous)'} (${url ? `${shortUrl(url)}:${lineNumber + 1}` : 'native'})`;
    byPlace.set(where, (byPlace.get(where) ?? 0) + (node.hitCount ?? 0));
  }
  return [...byPlace.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([where, hits]) => ({ where, selfPercent: Math.round((1000 * hits) / Math.max(1, total)) / 10 }));
}

/** Runs `work` under the profiler; writes the profile to `file` and answers the hot spots. */
export async function profiled<T>(
  file: string,
  work: () => Promise<T>,
): Promise<{ result: T; hot: HotSpot[] }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  try {
    const result = await work();
    const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
    await writeFile(file, JSON.stringify(profile));
    return { result, hot: hotSpots(profile, 25) };
  } finally {
    session.disconnect();
  }
}
