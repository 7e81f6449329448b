// A Goodreads shelf feed as /review/list_rss/<user id>?shelf=<shelf> answers it (shortened to two books,
// in the elements and CDATA sections Goodreads writes), for the reader's and the scheduled source's tests.
export function goodreadsRss(covers: { dune?: string } = {}): string {
  return `<?xml version="1.0"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
  <title>Ada's bookshelf: read</title>
  <copyright><![CDATA[Copyright (C) 2026 Goodreads Inc. All rights reserved.]]></copyright>
  <link><![CDATA[https://www.goodreads.com/review/list_rss/123456?shelf=read]]></link>
  <atom:link href="https://www.goodreads.com/review/list_rss/123456?shelf=read" rel="self" type="application/rss+xml"/>
  <description><![CDATA[Ada's bookshelf: read]]></description>
  <language>en-US</language>
  <ttl>60</ttl>
  <image>
    <title>Ada's bookshelf: read</title>
    <link><![CDATA[https://www.goodreads.com/review/list_rss/123456?shelf=read]]></link>
    <width>144</width>
    <height>41</height>
    <url>https://www.goodreads.com/images/layout/goodreads_logo_144.jpg</url>
  </image>
  <item>
    <guid><![CDATA[https://www.goodreads.com/review/show/1001?utm_medium=api&utm_source=rss]]></guid>
    <pubDate><![CDATA[Wed, 10 Dec 2025 19:04:54 -0800]]></pubDate>
    <title>Dune (Dune, #1)</title>
    <link><![CDATA[https://www.goodreads.com/review/show/1001?utm_medium=api&utm_source=rss]]></link>
    <book_id>44767458</book_id>
    <book_image_url><![CDATA[https://i.gr-assets.com/images/S/dune._SY75_.jpg]]></book_image_url>
    <book_large_image_url><![CDATA[${covers.dune ?? 'https://i.gr-assets.com/images/S/dune._SY475_.jpg'}]]></book_large_image_url>
    <book_description><![CDATA[Set on the desert planet Arrakis.<br />A stunning blend of adventure and mysticism.]]></book_description>
    <book id="44767458">
      <num_pages>658</num_pages>
    </book>
    <author_name>Frank Herbert</author_name>
    <isbn>0593099320</isbn>
    <user_name>Ada</user_name>
    <user_rating>5</user_rating>
    <user_read_at><![CDATA[Mon, 1 Dec 2025 00:00:00 +0000]]></user_read_at>
    <user_date_added><![CDATA[Wed, 10 Dec 2025 19:04:54 -0800]]></user_date_added>
    <user_date_created><![CDATA[Tue, 2 Sep 2025 10:00:00 -0700]]></user_date_created>
    <user_shelves>favourites, sci-fi</user_shelves>
    <user_review><![CDATA[Spice & sand.]]></user_review>
    <average_rating>4.27</average_rating>
    <book_published>1965</book_published>
    <description><![CDATA[<a href="https://www.goodreads.com/book/show/44767458-dune">Dune</a> by Frank Herbert]]></description>
  </item>
  <item>
    <guid><![CDATA[https://www.goodreads.com/review/show/1002?utm_medium=api&utm_source=rss]]></guid>
    <pubDate><![CDATA[Fri, 05 Sep 2025 08:00:00 -0700]]></pubDate>
    <title>Emma</title>
    <link><![CDATA[https://www.goodreads.com/review/show/1002?utm_medium=api&utm_source=rss]]></link>
    <book_id>6969</book_id>
    <book_image_url><![CDATA[https://s.gr-assets.com/assets/nophoto/book/50x75.png]]></book_image_url>
    <book_large_image_url><![CDATA[https://s.gr-assets.com/assets/nophoto/book/111x148.png]]></book_large_image_url>
    <book_description><![CDATA[]]></book_description>
    <book id="6969">
      <num_pages>474</num_pages>
    </book>
    <author_name>Jane Austen</author_name>
    <isbn></isbn>
    <user_name>Ada</user_name>
    <user_rating>0</user_rating>
    <user_read_at><![CDATA[]]></user_read_at>
    <user_date_added><![CDATA[Fri, 05 Sep 2025 08:00:00 -0700]]></user_date_added>
    <user_shelves></user_shelves>
    <user_review><![CDATA[]]></user_review>
    <average_rating>4.03</average_rating>
    <book_published>1815</book_published>
  </item>
</channel>
</rss>
`;
}
