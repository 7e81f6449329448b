// The value rules shared by the item form and the server (shared/values.ts).
import { describe, expect, it } from 'vitest';
import { normalizeValue, videoEmbedUrl } from '@shared/values';

describe('video embeds', () => {
  it('come only from YouTube, Vimeo and Dailymotion, as their privacy-friendly players', () => {
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(videoEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(videoEmbedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(videoEmbedUrl('https://www.dailymotion.com/video/x8abcd1')).toBe('https://geo.dailymotion.com/player.html?video=x8abcd1');
    expect(videoEmbedUrl('https://dai.ly/x8abcd1')).toBe('https://geo.dailymotion.com/player.html?video=x8abcd1');
  });

  it('refuse other hosts and odd ids', () => {
    expect(videoEmbedUrl('https://evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(videoEmbedUrl('https://vimeo.com/not-a-number')).toBeNull();
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=<script>')).toBeNull();
    expect(videoEmbedUrl('not a url')).toBeNull();
    expect(normalizeValue('video', 'http://www.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual({ ok: false, reason: 'invalid_video' });
    expect(normalizeValue('video', 'https://vimeo.com/76979871')).toEqual({ ok: true, value: 'https://vimeo.com/76979871' });
  });
});

describe('value normalizers', () => {
  it('accept real values of each type and refuse the rest', () => {
    expect(normalizeValue('date', '2024-02-29')).toEqual({ ok: true, value: '2024-02-29' });
    expect(normalizeValue('date', '2023-02-29')).toEqual({ ok: false, reason: 'invalid_date' });
    expect(normalizeValue('rating', 2.5)).toEqual({ ok: true, value: 2.5 });
    expect(normalizeValue('rating', 5.5)).toEqual({ ok: false, reason: 'invalid_rating' });
    expect(normalizeValue('url', 'mailto:ann@example.org')).toEqual({ ok: true, value: 'mailto:ann@example.org' });
    expect(normalizeValue('url', 'javascript:alert(1)')).toEqual({ ok: false, reason: 'invalid_url' });
    expect(normalizeValue('color', '#ABCDEF')).toEqual({ ok: true, value: '#abcdef' });
    expect(normalizeValue('number', '1,5')).toEqual({ ok: true, value: 1.5 });
    expect(normalizeValue('text', '   ')).toEqual({ ok: true, value: null });
  });
});

describe('addresses with credentials', () => {
  it('are refused for url and video values, whatever the scheme or host', () => {
    const refused = { ok: false, reason: 'url_credentials' };
    expect(normalizeValue('url', 'https://user:pass@example.org/')).toEqual(refused);
    expect(normalizeValue('url', 'http://admin@192.0.2.1/')).toEqual(refused);
    expect(normalizeValue('url', 'https://example.org:secret@evil.example/')).toEqual(refused);
    expect(normalizeValue('url', 'https://:secret@example.org/')).toEqual(refused);
    expect(normalizeValue('url', ' HTTPS://U:P@EXAMPLE.ORG ')).toEqual(refused);
    expect(normalizeValue('video', 'https://me:pw@www.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual(refused);
    expect(normalizeValue('video', 'https://me@vimeo.com/76979871')).toEqual(refused);
  });

  it('leave addresses that only contain an @ elsewhere, and other schemes stay refused', () => {
    expect(normalizeValue('url', 'https://example.org/@someone')).toEqual({ ok: true, value: 'https://example.org/@someone' });
    expect(normalizeValue('url', 'https://example.org/?to=a@b.org')).toEqual({ ok: true, value: 'https://example.org/?to=a@b.org' });
    expect(normalizeValue('url', 'https://@example.org/')).toEqual({ ok: true, value: 'https://example.org/' });
    expect(normalizeValue('url', 'ftp://user:pass@example.org/')).toEqual({ ok: false, reason: 'invalid_url' });
    expect(normalizeValue('url', 'data:text/html,hi')).toEqual({ ok: false, reason: 'invalid_url' });
  });
});
