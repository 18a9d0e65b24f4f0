// The ranking benchmark's HTTP load generator, in a process of its own (forked by
// bench/ranking.ts) so that sending requests does not share the app's event loop. It runs one
// LoadOrder and sends back its LatencySummary.
import { runLoad, type LatencySummary } from './latency.js';
import { awardPair, pick, rankingQuery, type LoadOrder } from './ranking-workload.js';

/** The answer's body, read in full (the latency is the whole answer's); throws unless 200. */
async function expectOk(response: Response): Promise<string> {
  const body = await response.text();
  if (!response.ok) throw new Error(`${response.status}: ${body.slice(0, 200)}`);
  return body;
}

async function run(order: LoadOrder): Promise<LatencySummary> {
  const { base, scenario, requesters, summaryIds } = order;
  if (scenario === 'award') {
    return runLoad(order.plan, async (sequence) => {
      const { reader, summaryId } = awardPair(order.firstSequence + sequence, requesters, summaryIds);
      const body = await expectOk(
        await fetch(`${base}/api/xp`, {
          method: 'POST',
          headers: { authorization: `Bearer ${reader.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ eventType: 'read_summary', subjectId: summaryId }),
        }),
      );
      // Every award must be a new one: a repeated pair answers 0 XP after less work.
      const { xpAwarded } = JSON.parse(body) as { xpAwarded?: number };
      if (xpAwarded !== 10) throw new Error(`award of ${String(xpAwarded)} XP: not a new pair`);
    });
  }
  return runLoad(order.plan, async () => {
    const reader = pick(requesters);
    await expectOk(
      await fetch(`${base}/api/ranking?${rankingQuery(scenario, reader)}`, {
        headers: { authorization: `Bearer ${reader.token}` },
      }),
    );
  });
}

process.on('message', (order: LoadOrder) => {
  run(order).then(
    (summary) => process.send?.({ summary }),
    (error: unknown) => process.send?.({ error: String(error) }),
  );
});
