import { Briefcase, Globe, Link as LinkIcon, Mail, MapPin, MessagesSquare, Phone, Type, type LucideIcon } from 'lucide-react';
import {
  siApple,
  siBehance,
  siCalendly,
  siDiscord,
  siDribbble,
  siEtsy,
  siFacebook,
  siGithub,
  siGoogle,
  siInstagram,
  siLinktree,
  siMastodon,
  siMedium,
  siPatreon,
  siPaypal,
  siPinterest,
  siReddit,
  siShopify,
  siSignal,
  siSnapchat,
  siSoundcloud,
  siSpotify,
  siSubstack,
  siTelegram,
  siThreads,
  siTiktok,
  siTwitch,
  siVimeo,
  siWhatsapp,
  siX,
  siYoutube,
  type SimpleIcon,
} from 'simple-icons';

/**
 * The icon of a card field (quick link): brand marks from Simple Icons, generic symbols from Lucide.
 * Unknown names fall back to a link symbol, so a card never shows a broken icon.
 */
const BRANDS: Record<string, SimpleIcon> = {
  apple: siApple,
  behance: siBehance,
  calendly: siCalendly,
  discord: siDiscord,
  dribbble: siDribbble,
  etsy: siEtsy,
  facebook: siFacebook,
  github: siGithub,
  google: siGoogle,
  instagram: siInstagram,
  linktree: siLinktree,
  mastodon: siMastodon,
  medium: siMedium,
  patreon: siPatreon,
  paypal: siPaypal,
  pinterest: siPinterest,
  reddit: siReddit,
  shopify: siShopify,
  signal: siSignal,
  snapchat: siSnapchat,
  soundcloud: siSoundcloud,
  spotify: siSpotify,
  substack: siSubstack,
  telegram: siTelegram,
  threads: siThreads,
  tiktok: siTiktok,
  twitch: siTwitch,
  twitter: siX,
  vimeo: siVimeo,
  whatsapp: siWhatsapp,
  youtube: siYoutube,
};

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
  const brand = BRANDS[name];
  if (brand) {
    return (
      <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" role={title ? 'img' : undefined} aria-hidden={title ? undefined : true} aria-label={title}>
        <path d={brand.path} />
      </svg>
    );
  }
  const Symbol = SYMBOLS[name] ?? LinkIcon;
  return <Symbol size={size} aria-hidden={title ? undefined : true} aria-label={title} role={title ? 'img' : undefined} />;
}
