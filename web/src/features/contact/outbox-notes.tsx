import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../config/paths';
import { useOutboxTexts } from '../../locales/outbox';
import { dismissNote, outboxNotes, subscribeOutbox, takeBack, watchOutbox, type OutboxNote } from './outbox/outbox';
import { offerToForm } from './outbox/put-back';
import './outbox-notes.css';

const noNotes: readonly OutboxNote[] = [];

/**
 * What became of the messages kept on this phone (outbox/outbox.ts), on whichever page the
 * visitor is: saved, sending, received with its reference, or refused, with the button that
 * puts it back in the form. Starts the outbox's sending when it appears. A script part of its
 * own, loaded only where a message waits (./waiting-messages.tsx).
 */
export function OutboxNotes() {
  const { t } = useOutboxTexts();
  const notes = useSyncExternalStore(subscribeOutbox, outboxNotes, () => noNotes);
  const [, navigate] = useLocation();
  const [full, setFull] = useState<string | undefined>(undefined);
  useEffect(() => {
    watchOutbox();
  }, []);

  const putBack = async (id: string) => {
    const placed = await takeBack(id, offerToForm);
    setFull(placed === 'full' ? id : undefined);
    if (placed === 'draft') navigate(paths.support);
  };

  return (
    <aside className="outbox-notes" aria-label={t('outbox.label')} hidden={notes.length === 0}>
      <div role="status">
        <ul>
          {notes.map((note) => (
            <li key={note.id} className="outbox-notes__note" data-state={note.state}>
              <p>{t(`outbox.${note.state}`, { subject: note.subject, reference: note.reference ?? '' })}</p>
              {note.state === 'refused' && (
                <>
                  <button type="button" className="button" onClick={() => void putBack(note.id)}>
                    {t('outbox.putBack')}
                  </button>
                  {full === note.id && <p>{t('outbox.formFull')}</p>}
                </>
              )}
              {note.state === 'received' && (
                <button type="button" className="button" onClick={() => dismissNote(note.id)}>
                  {t('outbox.close')}
                </button>
              )}
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
