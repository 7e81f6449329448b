// The value rules shared by the item form and the server (shared/values.ts).
import { describe, expect, it } from 'vitest';
import { normalizeValue, videoEmbedUrl } from '../../shared/values';

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
