import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectInvalid } from '../test/expect-invalid.js';
import { SOCIAL_NETWORKS, normaliseSocialLink, socialsSchema } from './index.js';
import type { SocialNetwork } from './index.js';

const ok = (url: string) => ({ ok: true, url });
const mismatch = (name: string) => ({ ok: false, message: `Link has not matched with profile ${name}` });

/**
 * Each profile network: the forms of one profile it accepts as its canonical url (`accepts`), the
 * shared profile links whose query it drops (`shared`), and what it refuses with the mismatch message.
 */
const profileNetworks: {
  name: Exclude<SocialNetwork, 'website'>;
  canonical: string;
  accepts: [title: string, inputs: string[]];
  shared: [title: string, inputs: string[]];
  refuses: [title: string, inputs: string[]];
}[] = [
  {
    name: 'facebook',
    canonical: 'https://www.facebook.com/john.doe',
    accepts: [
      'accepts full, scheme-less, mobile and bare forms',
      [
        'https://www.facebook.com/john.doe',
        'http://facebook.com/john.doe',
        'HTTPS://WWW.FACEBOOK.COM/john.doe/',
        'www.facebook.com/john.doe',
        'facebook.com/john.doe',
        'm.facebook.com/john.doe',
        'https://mobile.facebook.com/john.doe',
        'fb.com/john.doe',
        'john.doe',
        '  john.doe  ',
      ],
    ],
    shared: ['drops the query and fragment a shared profile link carries', ['facebook.com/john.doe?ref=share', 'https://m.facebook.com/john.doe/?mibextid=ZbWKwL#top']],
    refuses: [
      'refuses @, other sites and non-profile paths, and profile.php (its id is in the query)',
      [
        '@john',
        'https://www.facebook.com/@john',
        'https://www.facebook.com/profile.php?id=1',
        'facebook.com/profile.php',
        'john?ref=share',
        'https://instagram.com/john',
        'https://www.facebook.com/',
        'facebook.com',
        'https://facebook.com/john/photos',
        'john doe',
        '',
        '   ',
        '...',
      ],
    ],
  },
  {
    name: 'instagram',
    canonical: 'https://www.instagram.com/jane_doe',
    accepts: ['accepts urls, @username and bare username', ['@jane_doe', 'jane_doe', 'instagram.com/jane_doe', 'https://www.instagram.com/jane_doe/', 'https://instagram.com/@jane_doe', 'm.instagram.com/jane_doe']],
    shared: ['drops the query of a shared profile link', ['https://www.instagram.com/jane_doe/?igsh=MWx0eGZ1&utm_source=qr']],
    refuses: ['refuses other hosts, a query on a bare username and a query on another host', ['https://x.com/jane', 'jane?igshid=abc', 'https://x.com/jane?igshid=abc', '@@jane', 'jane/doe']],
  },
  {
    name: 'twitter',
    canonical: 'https://twitter.com/jack',
    accepts: [
      'accepts twitter.com, x.com, mobile variants, @username and bare username',
      ['https://twitter.com/jack', 'twitter.com/jack', 'www.twitter.com/jack/', 'https://mobile.twitter.com/jack', 'https://x.com/jack', 'x.com/jack', 'www.x.com/jack', '@jack', 'jack'],
    ],
    shared: ['drops the query of a shared profile link', ['https://x.com/jack?s=21&t=Ab3']],
    refuses: ['refuses the bare host, other sites and non-profile paths, with or without a query', ['x.com', 'x.com?s=20', 'https://facebook.com/jack', 'https://x.com/jack/status/1', 'https://x.com/jack/status/1?s=20']],
  },
  {
    name: 'snapchat',
    canonical: 'https://www.snapchat.com/add/snap.user',
    accepts: ['accepts the /add/ path, @username and bare username', ['https://www.snapchat.com/add/snap.user', 'snapchat.com/add/snap.user/', 'snapchat.com/ADD/snap.user', '@snap.user', 'snap.user']],
    shared: ['drops the query of a shared profile link', ['snapchat.com/add/snap.user?share_id=1&locale=en-US']],
    refuses: ['refuses a profile url without /add/', ['https://www.snapchat.com/snap.user', 'snapchat.com/add/', 'snapchat.com/add/?share_id=1']],
  },
];

describe.each(profileNetworks)('normaliseSocialLink: $name', ({ name, canonical, accepts, shared, refuses }) => {
  for (const [title, inputs] of [accepts, shared]) {
    it(title, () => {
      for (const input of inputs) expect(normaliseSocialLink(name, input)).toEqual(ok(canonical));
    });
  }
  it(refuses[0], () => {
    for (const input of refuses[1]) expect(normaliseSocialLink(name, input)).toEqual(mismatch(name));
  });
});

describe('normaliseSocialLink: website', () => {
  it('adds https, lowercases the host and keeps the path', () => {
    expect(normaliseSocialLink('website', 'example.com')).toEqual(ok('https://example.com'));
    expect(normaliseSocialLink('website', 'Example.COM/About-Us')).toEqual(ok('https://example.com/About-Us'));
    expect(normaliseSocialLink('website', 'http://www.example.com.ng/')).toEqual(ok('https://www.example.com.ng/'));
    expect(normaliseSocialLink('website', ' https://shop.example.com:8443/a/b%20c ')).toEqual(ok('https://shop.example.com:8443/a/b%20c'));
  });
  it('drops tracking parameters (utm_*, lang, igsh, si, ref, fbclid, _t, _r…) and keeps a link with nothing else', () => {
    expect(normaliseSocialLink('website', 'https://example.com/shop?utm_source=ig&utm_medium=bio&fbclid=x1')).toEqual(ok('https://example.com/shop'));
    expect(normaliseSocialLink('website', 'example.com/?lang=en&ref=share&si=abc&igsh=z&_t=1&_r=1')).toEqual(ok('https://example.com/'));
  });
  it('refuses other queries, fragments, hosts without a dot and other schemes', () => {
    for (const input of [
      'example.com/?q=1',
      'example.com/?q=1&utm_source=x',
      'example.com/#top',
      'example.com/?utm_source=x#top',
      'localhost',
      'https://localhost:3000',
      'ftp://example.com',
      'javascript:alert(1)',
      'mailto:a@example.com',
      'user@example.com',
      'https://exa mple.com',
      'https://example.com/a b',
      'https://example.com/%zz',
      '192.168.0.1',
    ]) {
      expect(normaliseSocialLink('website', input)).toEqual(mismatch('website'));
    }
  });
});

describe('normaliseSocialLink: properties', () => {
  const network = fc.constantFrom(...SOCIAL_NETWORKS);
  const anyText = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.string({ unit: 'grapheme' }),
    fc.webUrl(),
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
  );

  it('never throws and answers either a https url or the mismatch message', () => {
    fc.assert(
      fc.property(network, anyText, (name, input) => {
        const result = normaliseSocialLink(name, input);
        if (result.ok) expect(result.url.startsWith('https://')).toBe(true);
        else expect(result.message).toBe(`Link has not matched with profile ${name}`);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on values that are not strings', () => {
    fc.assert(
      fc.property(network, fc.anything().filter((value) => typeof value !== 'string'), (name, input) => {
        expect(normaliseSocialLink(name, input as string)).toEqual(mismatch(name));
      }),
    );
    expect(normaliseSocialLink('myspace' as SocialNetwork, 'john')).toEqual(mismatch('myspace'));
  });

  it('is idempotent on whatever it accepts', () => {
    fc.assert(
      fc.property(network, anyText, (name, input) => {
        const first = normaliseSocialLink(name, input);
        if (first.ok) expect(normaliseSocialLink(name, first.url)).toEqual(first);
      }),
      { numRuns: 2000 },
    );
  });

  const NETWORK_HOST = /^(?:(?:www|m|mobile|web)\.)?(?:facebook|fb|instagram|twitter|x|snapchat)\.com$/i;
  const username = fc
    .stringMatching(/^[A-Za-z0-9_.-]{1,30}$/)
    .filter((id) => /[A-Za-z0-9_]/.test(id));
  const scheme = fc.constantFrom('', 'http://', 'https://', 'HTTPS://');
  const slash = fc.constantFrom('', '/');
  const pad = fc.constantFrom('', ' ', '\t', '  ');

  const variants: Record<Exclude<SocialNetwork, 'website'>, { hosts: string[]; prefix: string; at: boolean; canonical: string }> = {
    facebook: { hosts: ['facebook.com', 'www.facebook.com', 'm.facebook.com', 'mobile.facebook.com'], prefix: '', at: false, canonical: 'https://www.facebook.com/' },
    instagram: { hosts: ['instagram.com', 'www.instagram.com'], prefix: '', at: true, canonical: 'https://www.instagram.com/' },
    twitter: { hosts: ['twitter.com', 'www.twitter.com', 'mobile.twitter.com', 'x.com', 'www.x.com'], prefix: '', at: true, canonical: 'https://twitter.com/' },
    snapchat: { hosts: ['snapchat.com', 'www.snapchat.com'], prefix: 'add/', at: true, canonical: 'https://www.snapchat.com/add/' },
  };

  for (const [name, variant] of Object.entries(variants) as [Exclude<SocialNetwork, 'website'>, (typeof variants)['facebook']][]) {
    it(`${name}: every url variant and bare username of a valid id normalises to the canonical url, once and for all`, () => {
      const at = variant.at ? fc.constantFrom('', '@') : fc.constant('');
      const asUrl = fc
        .tuple(pad, scheme, fc.constantFrom(...variant.hosts), at, username, slash, pad)
        .map(([p1, s, host, a, id, end, p2]) => ({ input: `${p1}${s}${host}/${variant.prefix}${a}${id}${end}${p2}`, id }));
      const bare = fc.tuple(pad, at, username, pad).map(([p1, a, id, p2]) => ({ input: `${p1}${a}${id}${p2}`, id }));
      fc.assert(
        fc.property(fc.oneof(asUrl, bare), ({ input, id }) => {
          const result = normaliseSocialLink(name, input);
          // A bare id that spells a network host (e.g. 'x.com') is not a profile.
          if (!input.includes('/') && NETWORK_HOST.test(id)) return;
          expect(result).toEqual(ok(`${variant.canonical}${id}`));
          expect(normaliseSocialLink(name, `${variant.canonical}${id}`)).toEqual(result);
        }),
        { numRuns: 500 },
      );
    });

    it(`${name}: a profile link's query and fragment are dropped, whatever they hold`, () => {
      fc.assert(
        fc.property(username, fc.stringMatching(/^[^\s]*$/), fc.constantFrom('?', '#'), (id, query, mark) => {
          expect(normaliseSocialLink(name, `${variant.canonical}${id}${mark}${query}`)).toEqual(ok(`${variant.canonical}${id}`));
        }),
      );
    });

    it(`${name}: a bare username with a query is never accepted`, () => {
      fc.assert(
        fc.property(username, fc.string(), (id, query) => {
          expect(normaliseSocialLink(name, `${id}?${query}`)).toEqual(mismatch(name));
        }),
      );
    });
  }

  it('website: any web url without query or fragment normalises, and the result is stable', () => {
    fc.assert(
      fc.property(fc.webUrl(), pad, (url, p) => {
        const result = normaliseSocialLink('website', `${p}${url}${p}`);
        expect(result.ok).toBe(true);
        if (result.ok) expect(normaliseSocialLink('website', result.url)).toEqual(result);
      }),
      { numRuns: 1000 },
    );
  });

  it('website: a bare domain gets https and keeps its lowercase host', () => {
    fc.assert(
      fc.property(fc.domain(), (host) => {
        expect(normaliseSocialLink('website', host.toUpperCase())).toEqual(ok(`https://${host.toLowerCase()}`));
      }),
    );
  });
});

describe('socialsSchema', () => {
  it('normalises each filled-in network and skips empty ones', () => {
    expect(
      socialsSchema.parse({
        facebook: 'john.doe',
        twitter: '@jack',
        snapchat: '',
        website: '   ',
        instagram: null,
      }),
    ).toEqual({
      facebook: 'https://www.facebook.com/john.doe',
      twitter: 'https://twitter.com/jack',
      snapchat: undefined,
      website: undefined,
      instagram: undefined,
    });
    expect(socialsSchema.parse({})).toEqual({});
  });
  it('reports a non-matching link under its own key', () => {
    expectInvalid(socialsSchema, { facebook: '@john', website: 'example.com?x=1', twitter: 'jack' }, {
        facebook: 'Link has not matched with profile facebook',
        website: 'Link has not matched with profile website',
      });
    expectInvalid(socialsSchema, { snapchat: 'https://instagram.com/x', instagram: 42 }, {
        snapchat: 'Link has not matched with profile snapchat',
        instagram: 'Link has not matched with profile instagram',
      });
  });
});
