import { useEffect, useState, type ComponentType } from 'react';
import { outboxChangedEvent, outboxExists } from './outbox/outbox-exists';

/**
 * The outbox's notes, on the Contact Us page, loaded only where a message waits on this phone
 * (asked without opening a database) or once the form keeps one: so a message saved without
 * signal is sent when the page is open again (a phone's browser reopens the tab where it was).
 * Once started, the outbox goes on sending while the site stays open, on any page. On every
 * page's start-up this would cost the first visit's budget (measured: 360 bytes gzip on /).
 * The form loads the notes' part with its own when the visitor starts on it (it is there
 * offline then); a part that did not arrive is asked for again when the connection returns.
 */
export function WaitingMessages() {
  const [Notes, setNotes] = useState<ComponentType | undefined>(undefined);
  useEffect(() => {
    let wanted = false;
    const load = () => {
      wanted = true;
      import('./outbox-notes').then(
        (part) => setNotes(() => part.OutboxNotes),
        () => undefined,
      );
    };
    const retry = () => {
      if (wanted) load();
    };
    window.addEventListener(outboxChangedEvent, load);
    window.addEventListener('online', retry);
    void outboxExists().then((exists) => {
      if (exists) load();
    });
    return () => {
      window.removeEventListener(outboxChangedEvent, load);
      window.removeEventListener('online', retry);
    };
  }, []);
  return Notes ? <Notes /> : null;
}
