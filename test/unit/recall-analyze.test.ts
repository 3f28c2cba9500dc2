import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/recall/text/analyze.js';
import { stem } from '../../src/recall/text/porter2.js';
import { relativeDateTerms } from '../../src/recall/text/relative-dates.js';

describe('recall analysis: stemming', () => {
  it('implements Porter2 (samples of the Snowball English reference output)', () => {
    const pairs: [string, string][] = [
      ['caresses', 'caress'],
      ['ponies', 'poni'],
      ['ties', 'tie'],
      ['cries', 'cri'],
      ['running', 'run'],
      ['hoped', 'hope'],
      ['hopping', 'hop'],
      ['generously', 'generous'],
      ['consolingly', 'consol'],
      ['conspiracy', 'conspiraci'],
      ['consolidated', 'consolid'],
      ['agreed', 'agre'],
      ['feed', 'feed'],
      ['happily', 'happili'],
      ['says', 'say'],
      ['kiwis', 'kiwi'],
      ['gas', 'gas'],
      ['communism', 'communism'],
      ['relational', 'relat'],
      ['hopeful', 'hope'],
      ['goodness', 'good'],
      ['electrical', 'electr'],
      ['adjustment', 'adjust'],
      ['skies', 'sky'],
      ['dying', 'die'],
      ['knightly', 'knight'],
      ['abilities', 'abil'],
      ['generations', 'generat'],
      ['consistency', 'consist'],
      ['constable', 'constabl'],
      ['news', 'news'],
    ];
    for (const [word, expected] of pairs) expect(stem(word), word).toBe(expected);
  });

  it('gives word forms one term, irregular forms included', () => {
    const same = [
      ['painted', 'painting', 'paints', 'paint'],
      ['camping', 'camped', 'camps'],
      ['researching', 'research'],
      ['bought', 'buy', 'buying'],
      ['children', 'child'],
      ['went', 'go', 'goes'],
      ['ran', 'run', 'running'],
    ];
    for (const forms of same) expect(new Set(forms.map((f) => analyze(f).join()))).toHaveLength(1);
  });

  it('gives words of one family one term where Porter2 keeps them apart, and keeps short words apart', () => {
    const family = [
      ['counseling', 'counselor', 'counsel'],
      ['photography', 'photographs'],
      ['creative', 'create', 'creation'],
      ['musician', 'musical'],
    ];
    for (const forms of family) {
      expect(new Set(forms.map((f) => stem(f))).size, forms.join()).toBeGreaterThan(1);
      expect(new Set(forms.map((f) => analyze(f).join())), forms.join()).toHaveLength(1);
    }
    for (const [a, b] of [
      ['cat', 'car'],
      ['paint', 'pain'],
      ['music', 'museum'],
    ] as const)
      expect(analyze(a)).not.toEqual(analyze(b));
  });
});

describe('recall analysis: tokens', () => {
  it('lower-cases, strips punctuation, possessives and contractions, folds accents', () => {
    expect(analyze("Caroline's CAFÉ — naïve, isn't it?!")).toEqual(['carol', 'cafe', 'naiv']);
    expect(analyze('ＦＵＬＬ-width rock’n’roll')).toEqual(['full', 'width', 'rockn']);
  });

  it('drops English stop words and chat fillers', () => {
    expect(analyze('I was just there with them, yeah, and it is what it is')).toEqual([]);
    expect(analyze('the garden')).toEqual(['garde']);
  });

  it('drops question framing from queries only', () => {
    expect(analyze('What kind of music does she like?', true)).toEqual(['music', 'like']);
    expect(analyze('How long has she lived there?', true)).toEqual(['live']);
    expect(analyze('a long kind of walk')).toEqual(['long', 'kind', 'walk']);
  });

  it('keeps numbers, without thousands separators or ordinal suffixes', () => {
    expect(analyze('It cost 1,000 dollars')).toContain('1000');
    expect(analyze('It cost 1000 dollars')).toContain('1000');
    expect(analyze('my 3rd try at 2.5 km')).toEqual(['3', 'tri', '2.5', 'km']);
  });

  it('makes CJK text searchable as character unigrams and bigrams', () => {
    expect(analyze('我喜欢猫')).toEqual(['我', '我喜', '喜', '喜欢', '欢', '欢猫', '猫']);
    const doc = new Set(analyze('私は猫がとても好きです'));
    expect(analyze('猫が好き').filter((t) => doc.has(t)).length).toBeGreaterThanOrEqual(4);
    expect(analyze('한국어 공부')).toContain('한국');
  });
});

describe('recall analysis: dates', () => {
  const terms = (text: string): string[] =>
    analyze(text)
      .filter((t) => /\d{4}-|^[a-z]+$/.test(t))
      .sort();

  it('normalizes month names, numbers and ISO dates to shared terms', () => {
    const expected = ['2023-05', '2023-05-07', 'may'];
    for (const text of ['May 7, 2023', '7 May 2023', '7th of May, 2023', '2023-05-07', 'may 7th 2023']) {
      expect(terms(text), text).toEqual(expected);
      expect(analyze(text), text).toEqual(expect.arrayContaining(['2023', '7', '05-07']));
    }
    expect(analyze('in Sept 2022')).toEqual(['september', '2022', '2022-09']);
    expect(analyze('October')).toEqual(['october']);
  });

  it('reads "May" as a month only beside a number or after a preposition of time', () => {
    expect(analyze('We met in May')).toEqual(['meet', 'may']);
    expect(analyze('May I ask? You may go')).toEqual(['ask', 'go']);
  });

  it('leaves invalid dates as numbers', () => {
    expect(analyze('the 2020-21 season')).toEqual(['2020', '21', 'seaso']);
  });

  it('resolves relative dates against when the message was said', () => {
    const monday = new Date(2023, 4, 8, 13, 56).getTime(); // Monday 8 May 2023
    expect(relativeDateTerms('I went to a support group yesterday', monday)).toEqual([
      'may',
      '2023',
      '2023-05',
      '05-07',
      '2023-05-07',
    ]);
    expect(relativeDateTerms('We moved last month, and last year we sold the car', monday)).toEqual([
      'april',
      '2023',
      '2023-04',
      '2022',
    ]);
    expect(relativeDateTerms('See you next Friday! Last Friday was fun', monday)).toEqual(
      expect.arrayContaining(['2023-05-12', '2023-05-05']),
    );
    expect(relativeDateTerms('I adopted her two weeks ago', monday)).toEqual(['april', '2023', '2023-04']);
    expect(relativeDateTerms('Nothing relative here', monday)).toEqual([]);
    expect(relativeDateTerms('yesterday', Number.NaN)).toEqual([]);
  });
});
