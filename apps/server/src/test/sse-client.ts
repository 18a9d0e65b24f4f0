import type { GenerationEvent } from '@summa/shared';

/** The `data:` of each server-sent event in a whole body, parsed. */
export function parseEvents(body: string): GenerationEvent[] {
  return body
    .split('\n\n')
    .map((block) => block.split('\n').find((line) => line.startsWith('data:')))
    .filter((line): line is string => line !== undefined)
    .map((line) => JSON.parse(line.slice(5)) as GenerationEvent);
}

/** Reads a server-sent event stream as it arrives, so a test can act in the middle of it. */
export function eventStream(response: Response) {
  if (!response.body) throw new Error('the response has no body');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const events: GenerationEvent[] = [];
  let buffer = '';
  const more = async (): Promise<boolean> => {
    const { done, value } = await reader.read();
    if (done) return false;
    buffer += value;
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop() ?? '';
    events.push(...parseEvents(blocks.join('\n\n')));
    return true;
  };
  return {
    events,
    async waitFor(predicate: (event: GenerationEvent) => boolean): Promise<GenerationEvent> {
      for (;;) {
        const found = events.find(predicate);
        if (found) return found;
        if (!(await more())) throw new Error(`the stream ended first: ${JSON.stringify(events)}`);
      }
    },
    async toEnd(): Promise<GenerationEvent[]> {
      while (await more());
      return events;
    },
  };
}
