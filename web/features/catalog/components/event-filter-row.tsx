import { useTranslation } from '../../../lib/translation.tsx';
import type { CatalogEvent } from '../../../../shared/catalog/catalog.contract.ts';
import { Chip, ChipRow } from '../../../components/chip.tsx';
import { useLocalizedName } from '../../../lib/use-localized-name.ts';
import { EventIcon } from './event-icon.tsx';

interface EventFilterRowProps {
  events: readonly CatalogEvent[];
  selectedEventId: string | null;
  /** Called with the chosen event; choosing the selected one again clears it (the caller toggles). */
  onToggle: (eventId: string) => void;
}

/** The home page's occasion buttons, each with an icon picked from its name. */
export function EventFilterRow({ events, selectedEventId, onToggle }: EventFilterRowProps) {
  const { t } = useTranslation();
  const localized = useLocalizedName();
  if (events.length === 0) return null;
  return (
    <ChipRow label={t('home.eventsLabel')}>
      {events.map((event) => {
        const pressed = event.id === selectedEventId;
        return (
          // The wrapper carries the test hook so a test can scope to one event and find its button inside.
          <span key={event.id} data-testid="event-filter" className="inline-flex shrink-0">
            <Chip
              pressed={pressed}
              onClick={() => onToggle(event.id)}
              icon={
                <EventIcon
                  eventName={event.iconKeyword ?? event.name}
                  className={pressed ? 'size-4.5 text-white' : 'size-4.5 text-coral-600'}
                />
              }
            >
              {localized(event)}
            </Chip>
          </span>
        );
      })}
    </ChipRow>
  );
}
