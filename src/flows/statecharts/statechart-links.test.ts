import { describe, expect, it } from 'vitest';
import { stateShots } from './statechart-screens.tsx';
import type { Shot } from './statechart-shots.ts';
import { stateAlias } from './statechart-svg.ts';

const shot = (page: string, locale: string, width: number): Shot => ({
  file: `${page.replace(/ /g, '-')}-${locale}-${width}.png`,
  page,
  locale,
  width,
});

describe('links from states to screenshots', () => {
  const shots = [
    shot('credentials delete', 'en-us', 1280),
    shot('credentials delete', 'en-us', 320),
    shot('credentials delete', 'fi-fi', 320),
    shot('credentials', 'en-us', 320),
  ];
  const screens = [
    { state: 'list.confirmDelete', shots: ['credentials delete'] },
    { state: 'list.showInfo', shots: ['credentials oauth information'] },
  ];

  it('offers only the shots the gallery lists, in the reader language, narrowest first', () => {
    expect(stateShots(screens, shots, 'fi-fi')).toEqual([
      { state: 'list.confirmDelete', shots: [{ name: 'credentials delete', files: [shots[2]] }] },
    ]);
  });

  it('falls back to the English shots, and to none without a list', () => {
    expect(stateShots(screens, shots, 'ja-jp')[0]?.shots[0]?.files.map((f) => f.width)).toEqual([320, 1280]);
    expect(stateShots(screens, [], 'en-us')).toEqual([]);
  });

  it("finds a state's box name in the diagram's text by its path", () => {
    const text = [
      'stateDiagram-v2',
      '  state "idle" as s_credentials_list_idle',
      '  state "idle" as s_credentials_other_idle',
      '  state "idle" as s_credentials_idle',
    ].join('\n');
    expect(stateAlias(text, 'list.idle')).toBe('s_credentials_list_idle');
    expect(stateAlias(text, 'idle')).toBe('s_credentials_idle');
    expect(stateAlias(text, 'gone')).toBeNull();
  });
});
