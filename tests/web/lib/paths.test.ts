// The route table and every link read their paths from lib/paths.ts: each builder fills its pattern,
// and each pattern is one the router matches (to the same screen).
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '@web/app/router';
import { paths, recordId } from '@web/lib/paths';

describe('paths', () => {
  it('builds addresses from the patterns', () => {
    expect(paths.home()).toBe('/');
    expect(paths.profile()).toBe('/profile/');
    expect(paths.configUser(7)).toBe('/config/users/7');
    expect(paths.item(3, 42)).toBe('/collection/3/item/42');
    expect(paths.propertyDelete('3', '9')).toBe('/collection/3/manage/property/9/delete');
    expect(paths.item.pattern).toBe('/collection/:cid/item/:id');
  });

  it('escapes what it puts into an address', () => {
    expect(paths.collection('a/b?c')).toBe('/collection/a%2Fb%3Fc');
  });

  it('asks for exactly one id per parameter', () => {
    // @ts-expect-error an item needs its collection too
    paths.item(42);
    // @ts-expect-error the home screen takes no id
    paths.home(1);
    expect(paths.itemEdit(1, 2)).toBe('/collection/1/item/2/edit');
  });

  it('gives the router every pattern it matches', () => {
    const screens = Object.entries(paths).filter(([name]) => name !== 'borrowers');
    for (const [, route] of screens) {
      const sample = route.pattern.replace(/:\w+/g, '5');
      const matched = matchRoutes(routes, sample) ?? [];
      const leaf = matched[matched.length - 1]?.route;
      expect(leaf?.path === '*', `${route.pattern} reaches a screen`).toBe(false);
    }
  });

  it('sends an address no pattern matches to the not-found screen', () => {
    const matched = matchRoutes(routes, '/collection/5/nowhere') ?? [];
    expect(matched[matched.length - 1]?.route.path).toBe('*');
  });

  it('reads record ids: digits only, above zero', () => {
    expect(recordId('12')).toBe(12);
    expect(recordId('0')).toBeNull();
    expect(recordId('1e3')).toBeNull();
    expect(recordId(undefined)).toBeNull();
  });
});
