import { Briefcase, Globe, Link as LinkIcon, Mail, MapPin, MessagesSquare, Phone, Type, type LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { BRANDS } from './brand-icons.js';

/**
 * The icon of a card field (quick link): brand marks from Simple Icons, generic symbols from Lucide.
 * Unknown names fall back to a link symbol, so a card never shows a broken icon.
 */
const BRAND_NAMES = [
  'apple',
  'behance',
  'calendly',
  'discord',
  'dribbble',
  'etsy',
  'facebook',
  'github',
  'google',
  'instagram',
  'linktree',
  'mastodon',
  'medium',
  'patreon',
  'paypal',
  'pinterest',
  'reddit',
  'shopify',
  'signal',
  'snapchat',
  'soundcloud',
  'spotify',
  'substack',
  'telegram',
  'threads',
  'tiktok',
  'twitch',
  'twitter',
  'vimeo',
  'whatsapp',
  'youtube',
] as const;
export type BrandName = (typeof BRAND_NAMES)[number];
const isBrand = (name: string): name is BrandName => (BRAND_NAMES as readonly string[]).includes(name);

type Brands = typeof BRANDS;

// The brand paths are fetched after the first render (the JS budget, tests/budget); until they arrive a brand
// icon is an empty square of its size, so nothing moves when it fills in.
let brands: Brands | null = null;
let loading: Promise<Brands> | null = null;
function loadBrands(): Promise<Brands> {
  if (!loading) {
    loading = import('./brand-icons.js').then((m) => (brands = m.BRANDS));
    loading.catch(() => (loading = null));
  }
  return loading;
}

function useBrands(wanted: boolean): Brands | null {
  const [loaded, setLoaded] = useState(brands);
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    loadBrands().then(
      (m) => live && setLoaded(m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, loaded]);
  return loaded;
}

const SYMBOLS: Record<string, LucideIcon> = {
  address: MapPin,
  email: Mail,
  website: Globe,
  phone: Phone,
  others: Type,
  linkedin: Briefcase,
  slack: MessagesSquare,
};

export function FieldIcon({ name, size = 24, title }: { name: string; size?: number; title?: string }) {
  const brand = isBrand(name);
  const loaded = useBrands(brand);
  if (brand) {
    return (
      <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" role={title ? 'img' : undefined} aria-hidden={title ? undefined : true} aria-label={title}>
        {loaded && <path d={loaded[name].path} />}
      </svg>
    );
  }
  const Symbol = SYMBOLS[name] ?? LinkIcon;
  return <Symbol size={size} aria-hidden={title ? undefined : true} aria-label={title} role={title ? 'img' : undefined} />;
}
