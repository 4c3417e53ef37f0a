import {
  Baby,
  Cake,
  Flower2,
  Gem,
  Ghost,
  Gift,
  GraduationCap,
  Heart,
  MoonStar,
  PartyPopper,
  Sparkles,
  TreePine,
  type LucideIcon,
} from 'lucide-react';
import { eventIconKey, type EventIconKey } from './event-icon-keywords.ts';

const icons: Record<EventIconKey, LucideIcon> = {
  cake: Cake,
  rings: Gem,
  graduation: GraduationCap,
  moon: MoonStar,
  tree: TreePine,
  baby: Baby,
  ghost: Ghost,
  heart: Heart,
  gift: Gift,
  party: PartyPopper,
  flower: Flower2,
  sparkles: Sparkles,
};

/** The icon of an event, picked from keywords in its icon keyword, or else its canonical name. */
export function EventIcon({ eventName, className }: { eventName: string; className?: string }) {
  const Icon = icons[eventIconKey(eventName)];
  return <Icon aria-hidden="true" className={className} />;
}
