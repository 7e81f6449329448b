// The BnF's module against a fake answering in the SRU API's shape (Dublin Core records in XML): words,
// an ISBN, nothing found, garbage, an error status.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { bnf } from '@worker/features/sources/bnf.source';
import { SourceFailure, type SourceContext } from '@worker/features/sources/source';
import { base64, hitsOf, setAnswers } from '../../support/fake-sources';

const FAKE = env.FAKE_SOURCES_URL;
const ctx: SourceContext = { env, key: null, locale: 'fr_FR' };
const sruPath = (cql: string) =>
  `/meta/bnf/api/SRU?version=1.2&operation=searchRetrieve&query=${encodeURIComponent(cql)}&recordSchema=dublincore&maximumRecords=10`;
const searchPath = (words: string) => sruPath(`bib.anywhere all "${words}"`);
const xml = (text: string) => ({ body: base64(text), headers: { 'content-type': 'text/xml;charset=UTF-8' } });

/** An SRU answer holding these Dublin Core records. */
const sru = (count: number, ...records: string[]) =>
  xml(`<?xml version="1.0" encoding="UTF-8"?>
<srw:searchRetrieveResponse xmlns:srw="http://www.loc.gov/zing/srw/">
  <srw:version>1.2</srw:version>
  <srw:numberOfRecords>${count}</srw:numberOfRecords>
  <srw:records>${records
    .map(
      (dc, i) => `
    <srw:record>
      <srw:recordSchema>dc</srw:recordSchema>
      <srw:recordPacking>xml</srw:recordPacking>
      <srw:recordData>
        <oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/">${dc}</oai_dc:dc>
      </srw:recordData>
      <srw:recordPosition>${i + 1}</srw:recordPosition>
    </srw:record>`,
    )
    .join('')}
  </srw:records>
</srw:searchRetrieveResponse>`);

const harryPotter = `
  <dc:identifier>https://catalogue.bnf.fr/ark:/12148/cb45320178p</dc:identifier>
  <dc:identifier>ISBN 978-2-07-061275-8</dc:identifier>
  <dc:title>Harry Potter à l'école des sorciers / J.K. Rowling ; traduit de l'anglais par Jean-François Ménard</dc:title>
  <dc:creator>Rowling, J. K. (1965-....). Auteur du texte</dc:creator>
  <dc:creator>Ménard, Jean-François (1948-....). Traducteur</dc:creator>
  <dc:publisher>Gallimard jeunesse (Paris)</dc:publisher>
  <dc:date>2017</dc:date>
  <dc:format>1 vol. (311 p.) : ill. ; 18 cm</dc:format>
  <dc:language>fre</dc:language>
  <dc:type xml:lang="fre">texte imprimé</dc:type>
  <dc:description>Le jour de ses onze ans, Harry Potter apprend qu'il est un sorcier.</dc:description>
  <dc:subject>Sorciers -- Romans, nouvelles, etc.</dc:subject>`;

const harryPotterHit = {
  source: 'bnf',
  id: 'ark:/12148/cb45320178p',
  title: "Harry Potter à l'école des sorciers",
  fields: {
    title: ["Harry Potter à l'école des sorciers"],
    authors: ['J. K. Rowling'],
    publisher: ['Gallimard jeunesse'],
    year: ['2017'],
    isbn: ['9782070612758'],
    language: ['fre'],
    pages: ['311'],
    summary: ["Le jour de ses onze ans, Harry Potter apprend qu'il est un sorcier."],
    genre: ['Sorciers -- Romans, nouvelles, etc.'],
    cover: [`${FAKE}/meta/openlibrary-covers/b/isbn/9782070612758-L.jpg?default=false`],
    link: ['https://catalogue.bnf.fr/ark:/12148/cb45320178p'],
  },
};

describe('BnF', () => {
  it('searches words: titles and names cut from the headings, the cover asked of Open Library by ISBN', async () => {
    await setAnswers(FAKE, searchPath('asterix le gaulois'), [
      sru(
        3,
        `
  <dc:identifier>https://catalogue.bnf.fr/ark:/12148/cb34567890q</dc:identifier>
  <dc:identifier>ISBN 2012101380</dc:identifier>
  <dc:title>Astérix le Gaulois : une aventure d'Astérix / texte de Goscinny ; dessins de Uderzo</dc:title>
  <dc:creator>Goscinny, René (1926-1977). Auteur du texte</dc:creator>
  <dc:creator>Uderzo, Albert (1927-2020). Illustrateur</dc:creator>
  <dc:publisher>Hachette (Paris)</dc:publisher>
  <dc:date>1999</dc:date>
  <dc:format>48 p. : ill. en coul. ; 30 cm</dc:format>
  <dc:language>fre</dc:language>
  <dc:subject>Bandes dessinées</dc:subject>`,
        `
  <dc:identifier>https://catalogue.bnf.fr/ark:/12148/cb41234567x</dc:identifier>
  <dc:title>Astérix : l'album des coloriages</dc:title>
  <dc:creator>Mebs, Jean. Coloriste</dc:creator>
  <dc:creator>Leclerc, Anne. Illustrateur</dc:creator>
  <dc:date>DL 2005</dc:date>`,
        `<dc:title>Without an identifier</dc:title>`,
      ),
    ]);
    expect(await bnf.search(ctx, 'asterix "le gaulois"')).toEqual([
      {
        source: 'bnf',
        id: 'ark:/12148/cb34567890q',
        title: 'Astérix le Gaulois',
        fields: {
          title: ['Astérix le Gaulois'],
          subtitle: ["une aventure d'Astérix"],
          authors: ['René Goscinny'],
          publisher: ['Hachette'],
          year: ['1999'],
          isbn: ['9782012101388'],
          language: ['fre'],
          pages: ['48'],
          genre: ['Bandes dessinées'],
          cover: [`${FAKE}/meta/openlibrary-covers/b/isbn/9782012101388-L.jpg?default=false`],
          link: ['https://catalogue.bnf.fr/ark:/12148/cb34567890q'],
        },
      },
      {
        source: 'bnf',
        id: 'ark:/12148/cb41234567x',
        title: 'Astérix',
        fields: {
          title: ['Astérix'],
          subtitle: ["l'album des coloriages"],
          authors: ['Jean Mebs'],
          year: ['2005'],
          link: ['https://catalogue.bnf.fr/ark:/12148/cb41234567x'],
        },
      },
    ]);
  });

  it('looks up an ISBN, and answers nothing when no record matches', async () => {
    await setAnswers(FAKE, sruPath('bib.isbn all "9782070612758"'), [sru(1, harryPotter)]);
    await setAnswers(FAKE, sruPath('bib.isbn all "9780000000002"'), [
      xml(`<?xml version="1.0" encoding="UTF-8"?>
<srw:searchRetrieveResponse xmlns:srw="http://www.loc.gov/zing/srw/">
  <srw:version>1.2</srw:version>
  <srw:numberOfRecords>0</srw:numberOfRecords>
</srw:searchRetrieveResponse>`),
    ]);
    expect(await bnf.lookUpCode(ctx, '9782070612758')).toEqual([harryPotterHit]);
    expect(await bnf.lookUpCode(ctx, '9780000000002')).toEqual([]);
    // Asked and answered empty, not a 404 (which would also be nothing).
    expect((await hitsOf(FAKE, sruPath('bib.isbn all "9780000000002"'))).hits).toBe(1);
  });

  it('names what went wrong: garbage, an error status', async () => {
    await setAnswers(FAKE, searchPath('garbage'), [{ body: base64('<html>maintenance</html>') }]);
    await setAnswers(FAKE, searchPath('broken'), [xml('<srw:searchRetrieveResponse><srw:records>')]);
    await setAnswers(FAKE, searchPath('down'), [{ status: 500 }]);
    const problem = (words: string) =>
      bnf.search(ctx, words).then(
        () => null,
        (err: unknown) => (err instanceof SourceFailure ? [err.problem, err.status] : err),
      );
    expect(await problem('garbage')).toEqual(['malformed', null]);
    expect(await problem('broken')).toEqual(['malformed', null]);
    expect(await problem('down')).toEqual(['unreachable', 500]);
  });
});
