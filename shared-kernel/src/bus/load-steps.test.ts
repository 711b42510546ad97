import { afterEach, describe, expect, it } from 'vitest';
import { LOAD_STEP_PREFIX, markLoadStep } from './load-steps.ts';

describe('load steps', () => {
  afterEach(() => performance.clearMarks());

  it('marks each step once on the page’s timeline, when it is first reached', () => {
    markLoadStep('session-known');
    const first = performance.getEntriesByName(`${LOAD_STEP_PREFIX}session-known`, 'mark');
    markLoadStep('session-known'); // a second session check (a retry) is not the load's step
    markLoadStep('parcel-loaded:writings/Editor');
    const marks = performance.getEntriesByType('mark').map((mark) => mark.name);
    expect(marks).toEqual(['load:session-known', 'load:parcel-loaded:writings/Editor']);
    expect(performance.getEntriesByName('load:session-known', 'mark')).toEqual(first);
  });
});
