// BoardGameGeek's module against a fake answering in its XML API2 shapes (search, then thing): words,
// no barcode look-up, nothing found, no token, garbage, a refusal and a queued request.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { boardGameGeek } from '@worker/features/sources/bgg.source';
import { SourceFailure, type SourceContext } from '@worker/features/sources/source';
import { base64, hitsOf, setAnswers } from '../../support/fake-sources';

const FAKE = env.FAKE_SOURCES_URL;
const ctx: SourceContext = { env, key: 'bgg-test-token', locale: 'en_US' };
const searchPath = (q: string) => `/bgg/xmlapi2/search?query=${encodeURIComponent(q)}&type=boardgame`;
const thingPath = (ids: string) => `/bgg/xmlapi2/thing?id=${ids}`;
const xml = (text: string, status = 200) => ({
  status,
  body: base64(`<?xml version="1.0" encoding="utf-8"?>${text}`),
  headers: { 'content-type': 'text/xml' },
});
const TERMS = 'termsofuse="https://boardgamegeek.com/xmlapi/termsofuse"';

const problem = (words: string, context = ctx) =>
  boardGameGeek.search(context, words).then(
    () => null,
    (err: unknown) => (err instanceof SourceFailure ? [err.problem, err.status] : err),
  );

describe('BoardGameGeek', () => {
  it('searches words, then reads the things: details in the search order, the token sent', async () => {
    await setAnswers(FAKE, searchPath('catan'), [
      xml(`<items total="4" ${TERMS}>
        <item type="boardgame" id="13"><name type="primary" value="CATAN"/><yearpublished value="1995"/></item>
        <item type="boardgame" id="27710"><name type="primary" value="CATAN Dice Game"/><yearpublished value="2007"/></item>
        <item type="boardgame" id="13"><name type="alternate" value="Die Siedler von Catan"/><yearpublished value="1995"/></item>
        <item type="boardgame" id="278"><name type="primary" value="Catan Card Game"/><yearpublished value="1996"/></item>
      </items>`),
    ]);
    await setAnswers(FAKE, thingPath('13,27710,278'), [
      xml(`<items ${TERMS}>
        <item type="boardgame" id="27710">
          <name type="primary" sortindex="1" value="CATAN Dice Game"/>
          <description>Roll the resource dice.</description>
          <yearpublished value="2007"/><minplayers value="1"/><maxplayers value="4"/><playingtime value="15"/><minage value="0"/>
          <link type="boardgamecategory" id="1017" value="Dice"/>
          <link type="boardgamedesigner" id="11" value="Klaus Teuber"/>
        </item>
        <item type="boardgame" id="13">
          <thumbnail>https://cf.geekdo-images.com/W3Bsga_uLP9kO91gZ7H8yw__thumb/img/pic2419375.jpg</thumbnail>
          <image>https://cf.geekdo-images.com/W3Bsga_uLP9kO91gZ7H8yw__original/img/pic2419375.jpg</image>
          <name type="primary" sortindex="1" value="CATAN"/>
          <name type="alternate" sortindex="1" value="Die Siedler von Catan"/>
          <description>In CATAN, players try to be the dominant force on the island.&amp;#10;&amp;#10;The &amp;quot;robber&amp;quot; &amp;amp; the game&amp;rsquo;s knights.</description>
          <yearpublished value="1995"/><minplayers value="3"/><maxplayers value="4"/><playingtime value="120"/>
          <minplaytime value="60"/><maxplaytime value="120"/><minage value="10"/>
          <link type="boardgamecategory" id="1021" value="Economic"/>
          <link type="boardgamecategory" id="1026" value="Negotiation"/>
          <link type="boardgamemechanic" id="2072" value="Dice Rolling"/>
          <link type="boardgamemechanic" id="2002" value="Hexagon Grid"/>
          <link type="boardgamefamily" id="3" value="Series: Catan"/>
          <link type="boardgamedesigner" id="11" value="Klaus Teuber"/>
          <link type="boardgameartist" id="11825" value="Volkan Baga"/>
          <link type="boardgameartist" id="12015" value="Tanja Donner"/>
          <link type="boardgamepublisher" id="37" value="KOSMOS"/>
          <link type="boardgamepublisher" id="267" value="999 Games"/>
        </item>
      </items>`),
    ]);
    expect(await boardGameGeek.search(ctx, 'catan')).toEqual([
      {
        source: 'bgg',
        id: '13',
        title: 'CATAN',
        fields: {
          title: ['CATAN'],
          cover: ['https://cf.geekdo-images.com/W3Bsga_uLP9kO91gZ7H8yw__original/img/pic2419375.jpg'],
          year: ['1995'],
          players_min: ['3'],
          players_max: ['4'],
          play_time: ['120'],
          age: ['10'],
          designers: ['Klaus Teuber'],
          artists: ['Volkan Baga', 'Tanja Donner'],
          publisher: ['KOSMOS'],
          mechanics: ['Dice Rolling', 'Hexagon Grid'],
          genre: ['Economic', 'Negotiation'],
          summary: ['In CATAN, players try to be the dominant force on the island.\n\nThe "robber" & the game\u2019s knights.'],
          link: ['https://boardgamegeek.com/boardgame/13'],
        },
      },
      {
        source: 'bgg',
        id: '27710',
        title: 'CATAN Dice Game',
        // BGG's 0 (an age it does not know) is left out.
        fields: {
          title: ['CATAN Dice Game'],
          year: ['2007'],
          players_min: ['1'],
          players_max: ['4'],
          play_time: ['15'],
          designers: ['Klaus Teuber'],
          genre: ['Dice'],
          summary: ['Roll the resource dice.'],
          link: ['https://boardgamegeek.com/boardgame/27710'],
        },
      },
      {
        // Left out of the thing answer: what the search said of it.
        source: 'bgg',
        id: '278',
        title: 'Catan Card Game',
        fields: { title: ['Catan Card Game'], year: ['1996'], link: ['https://boardgamegeek.com/boardgame/278'] },
      },
    ]);
    expect(await hitsOf(FAKE, searchPath('catan'))).toEqual({ hits: 1, authorization: 'Bearer bgg-test-token' });
    expect(await hitsOf(FAKE, thingPath('13,27710,278'))).toEqual({ hits: 1, authorization: 'Bearer bgg-test-token' });
  });

  it('has no barcode look-up, and answers nothing when the search finds nothing', async () => {
    expect(await boardGameGeek.lookUpCode(ctx, '4002051693602')).toEqual([]);
    await setAnswers(FAKE, searchPath('no such game'), [xml(`<items total="0" ${TERMS}/>`)]);
    // A thing request without ids would fail the search.
    await setAnswers(FAKE, thingPath(''), [{ status: 500 }]);
    expect(await boardGameGeek.search(ctx, 'no such game')).toEqual([]);
    expect((await hitsOf(FAKE, thingPath(''))).hits).toBe(0);
  });

  it('asks for a token before any request, and names what went wrong', async () => {
    await setAnswers(FAKE, searchPath('without token'), [xml(`<items total="0" ${TERMS}/>`)]);
    expect(await problem('without token', { ...ctx, key: null })).toEqual(['needs_key', null]);
    expect((await hitsOf(FAKE, searchPath('without token'))).hits).toBe(0);

    await setAnswers(FAKE, searchPath('garbage'), [{ body: base64('<html>maintenance') }]);
    await setAnswers(FAKE, searchPath('error'), [xml('<errors><error><message>Invalid type</message></error></errors>')]);
    await setAnswers(FAKE, searchPath('refused'), [xml('<error><message>Unauthorized</message></error>', 401)]);
    await setAnswers(FAKE, searchPath('queued'), [xml('<message>Your request has been accepted and will be processed.</message>', 202)]);
    expect(await problem('garbage')).toEqual(['malformed', null]);
    expect(await problem('error')).toEqual(['malformed', null]);
    expect(await problem('refused')).toEqual(['refused', 401]);
    expect(await problem('queued')).toEqual(['busy', null]);
  });
});
