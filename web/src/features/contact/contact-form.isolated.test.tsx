// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { retention } from '../../config/retention';
import { paths } from '../../config/paths';
import { site } from '../../config/site';
import { buildContactMessage, referenceFor, type ContactMessage } from '@contracts/contact-message';
import { sendContactMessage } from './api/send-contact-message';
import type { SendResult } from './outbox/outbox';
import { offerToForm } from './outbox/put-back';
import { renderSite } from '../../test/render';

// The network boundary is replaced here; the browser suite sends through the real emulators.
vi.mock('./api/send-contact-message', () => ({
  sendContactMessage: vi.fn(),
  preloadMailStore: vi.fn(() => Promise.resolve()),
}));
const send = vi.mocked(sendContactMessage);
/** What the outbox answers for a message the database stored under `id`. */
const received = (id: string): SendResult => ({ state: 'received', reference: referenceFor(id) });

const visitor = { email: 'angler@example.com', name: 'Marco', subject: 'Tides', message: 'Hello <b>team</b>' };

const labels = {
  en: { email: 'Your email', name: 'Your name', subject: 'Subject', message: 'Comment or message' },
  it: { email: 'La tua email', name: 'Il tuo nome', subject: 'Oggetto', message: 'Commento o messaggio' },
};

async function fillIn(values: Partial<typeof visitor> = visitor, language: keyof typeof labels = 'en') {
  const user = userEvent.setup();
  for (const [field, value] of Object.entries(values) as [keyof typeof visitor, string][]) {
    await user.type(screen.getByLabelText(labels[language][field]), value);
  }
  return user;
}

beforeEach(() => {
  send.mockReset();
});

describe('Contact Us', () => {
  it.each([
    ['en', 'Contact Us', 'Let us know how we can help you', 'Send message'],
    ['it', 'Contattaci', 'Facci sapere come possiamo aiutarti', 'Invia messaggio'],
  ] as const)(
    'has its heading, prompt, four labelled fields, the app group and the button in %s',
    async (language, title, prompt, button) => {
      renderSite(paths.support, language);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeDefined();
      expect(screen.getByText(prompt)).toBeDefined();
      expect(screen.getAllByRole('textbox').filter((field) => field.hasAttribute('required'))).toHaveLength(4);
      const app = screen.getByRole('group');
      expect(within(app).getAllByRole('textbox')).toHaveLength(1);
      expect(
        within(app)
          .getAllByRole('option')
          .map((option) => option.getAttribute('value')),
      ).toEqual(['', 'android', 'ios', 'other']);
      expect(screen.getByRole('button', { name: button })).toBeDefined();
      // The notice of what becomes of the message, with the policy a link away, in the form.
      const form = screen.getByRole('button', { name: button }).closest('form') as HTMLFormElement;
      const policy = within(form).getByRole('link', {
        name: language === 'en' ? 'privacy policy' : 'informativa sulla privacy',
      });
      expect(policy.getAttribute('href')).toMatch(new RegExp(`${paths.privacy}$`));
      expect(policy.closest('p')?.textContent).toContain(String(retention.supportMonths));
    },
  );

  it('explains what is missing, in place, and sends nothing', async () => {
    renderSite(paths.support);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send message' }));
    expect(screen.getAllByText('Please fill in this field.')).toHaveLength(4);
    const email = screen.getByLabelText('Your email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    await user.type(email, 'not-an-address');
    expect(screen.getByText('Please enter an email address like name@example.com.')).toBeDefined();
    expect(send).not.toHaveBeenCalled();
  });

  it('shows and enforces the length limits', async () => {
    renderSite(paths.support);
    const message = await screen.findByLabelText('Comment or message');
    expect(message.getAttribute('maxlength')).toBe('5000');
    expect(screen.getByLabelText('Your email').getAttribute('maxlength')).toBe('254');
    expect(screen.getByLabelText('Your name').getAttribute('maxlength')).toBe('100');
    expect(screen.getByLabelText('Subject').getAttribute('maxlength')).toBe('150');
    await userEvent.type(message, 'Hi');
    expect(screen.getByText('2 / 5,000 characters')).toBeDefined();
  });

  it('groups the digits of the limits in Italian too, as every engine does with that setting', async () => {
    renderSite(paths.support, 'it');
    await screen.findByLabelText('Commento o messaggio');
    expect(screen.getByText('0 / 5.000 caratteri')).toBeDefined();
  });

  it('sends once, disables the button meanwhile, then confirms in a dialog and clears the form', async () => {
    let resolve: (result: SendResult) => void = () => undefined;
    send.mockImplementation(() => new Promise((done) => (resolve = done)));
    renderSite(paths.support);
    await screen.findByLabelText('Your email');
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const sending = screen.getByRole('button', { name: 'Sending…' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    await user.click(sending);
    expect(send).toHaveBeenCalledTimes(1);
    // The fields as typed, trimmed; no markup is made of them (the mail function escapes them).
    expect(send.mock.calls[0]?.[0]).toEqual({
      name: visitor.name.trim(),
      email: visitor.email,
      subject: 'Tides',
      message: visitor.message.trim(),
      context: { language: 'en' },
    } satisfies ContactMessage);
    resolve(received('mail-id'));

    const dialog = await screen.findByRole('dialog', { name: 'Message sent' });
    expect(within(dialog).getByText('Thank you for contacting us. We will get back to you soon.')).toBeDefined();
    expect(within(dialog).getByText(referenceFor('mail-id')).closest('p')?.textContent).toBe(
      `Your reference: ${referenceFor('mail-id')}`,
    );
    const ok = within(dialog).getByRole('button', { name: 'Ok' });
    expect(globalThis.document.activeElement).toBe(ok);
    for (const field of screen.getAllByRole('textbox', { hidden: true })) {
      if (field.getAttribute('name') !== 'website') expect((field as HTMLInputElement).value).toBe('');
    }
    await user.click(ok);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(globalThis.document.activeElement).toBe(screen.getByLabelText('Your email'));
  });

  it('takes the device and version the app opens the form with, and sends them as context', async () => {
    send.mockResolvedValue(received('app-mail'));
    history.replaceState(null, '', '/support?platform=ios&version=2.1.0%20(88)');
    try {
      renderSite(paths.support, 'it');
      const version = await screen.findByLabelText<HTMLInputElement>("Versione dell'app");
      await waitFor(() => {
        expect(version.value).toBe('2.1.0 (88)');
      });
      expect(screen.getByLabelText<HTMLSelectElement>('Dispositivo').value).toBe('ios');
      const user = await fillIn(visitor, 'it');
      await user.click(screen.getByRole('button', { name: 'Invia messaggio' }));
      const dialog = await screen.findByRole('dialog', { name: 'Messaggio inviato' });
      expect(dialog.textContent).toContain(`Il tuo riferimento: ${referenceFor('app-mail')}`);
      expect(send.mock.calls[0]?.[0].context).toEqual({
        language: 'it',
        platform: 'ios',
        appVersion: '2.1.0 (88)',
      });
      // The app's details describe the device, not the message: they stay for the next one.
      expect(version.value).toBe('2.1.0 (88)');
    } finally {
      history.replaceState(null, '', '/');
    }
  });

  it("fills the form in again from the tab's draft; a link's subject fills only an empty subject", async () => {
    renderSite(paths.support);
    await fillIn({ email: visitor.email, message: 'Kept while I read' });
    await waitFor(() => {
      expect(sessionStorage.getItem('contact-form-draft')).toContain('Kept while I read');
    });
    cleanup();

    history.replaceState(null, '', '/support?subject=From%20an%20article');
    try {
      renderSite(paths.support);
      const subject = await screen.findByLabelText<HTMLInputElement>('Subject');
      await waitFor(() => {
        expect(screen.getByLabelText<HTMLTextAreaElement>('Comment or message').value).toBe('Kept while I read');
      });
      expect(screen.getByLabelText<HTMLInputElement>('Your email').value).toBe(visitor.email);
      expect(subject.value).toBe('From an article');
      const user = userEvent.setup();
      await user.clear(subject);
      await user.type(subject, 'My own words');
      cleanup();
      renderSite(paths.support);
      const again = await screen.findByLabelText<HTMLInputElement>('Subject');
      await waitFor(() => {
        expect(again.value).toBe('My own words');
      });
    } finally {
      history.replaceState(null, '', '/');
    }
  });

  it('explains a version that is not one, and sends nothing until it is fixed or removed', async () => {
    send.mockResolvedValue(received('fixed-mail'));
    renderSite(paths.support);
    await screen.findByLabelText('Your email');
    const user = await fillIn();
    const version = screen.getByLabelText('App version');
    await user.type(version, '<b>1</b>');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Please enter the version as the app shows it, like 1.2.3.')).toBeDefined();
    expect(version.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(version);
    expect(send).not.toHaveBeenCalled();
    await user.clear(version);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('dialog', { name: 'Message sent' })).toBeDefined();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('on failure logs, tells the visitor, offers the support address and keeps the text', async () => {
    send.mockRejectedValue(new Error('unavailable'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderSite(paths.support, 'it');
    await screen.findByLabelText('La tua email');
    const user = await fillIn(visitor, 'it');
    await user.click(screen.getByRole('button', { name: 'Invia messaggio' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Il messaggio non è stato inviato.');
    expect(within(alert).getByRole('link', { name: site.supportEmail }).getAttribute('href')).toBe(
      `mailto:${site.supportEmail}`,
    );
    expect(log).toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Commento o messaggio').value).toBe(visitor.message);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => {
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Invia messaggio' }).disabled).toBe(false);
    });
  });

  it('says a message that got no answer is saved on this phone, with Safari’s seven days, and empties the form', async () => {
    send.mockResolvedValue({ state: 'saved' });
    renderSite(paths.support);
    await screen.findByLabelText('Your email');
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saved on this phone' });
    expect(dialog.textContent).toContain('It will be sent when you are back online');
    expect(dialog.textContent).toContain('Safari deletes what a website keeps after seven days');
    expect(dialog.textContent).not.toContain('Your reference');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Comment or message').value).toBe('');
  });

  it('treats a message the database refused as not sent, and keeps the text', async () => {
    send.mockResolvedValue({ state: 'refused' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderSite(paths.support);
    await screen.findByLabelText('Your email');
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your message was not sent.');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Comment or message').value).toBe(visitor.message);
  });

  it('takes a refused message back from the outbox while empty, and refuses it while it holds another', async () => {
    renderSite(paths.support);
    await screen.findByLabelText('Your email');
    await waitFor(() => {
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send message' }).disabled).toBe(false);
    });
    const refused = buildContactMessage({ ...visitor, language: 'en', platform: 'ios', appVersion: '2.1.0' });
    expect(offerToForm(refused)).toBe('form');
    await waitFor(() => {
      expect(screen.getByLabelText<HTMLTextAreaElement>('Comment or message').value).toBe(visitor.message);
    });
    expect(screen.getByLabelText<HTMLInputElement>('Subject').value).toBe(visitor.subject);
    expect(offerToForm({ ...refused, subject: 'Another one' })).toBe('full');
    expect(screen.getByLabelText<HTMLInputElement>('Subject').value).toBe(visitor.subject);
  });

  it('thanks a bot that filled the hidden field without storing anything', async () => {
    renderSite(paths.support);
    await screen.findByLabelText('Your email');
    const user = await fillIn();
    const trap = document.querySelector('input[name="website"]') as HTMLInputElement;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    await user.type(trap, 'https://spam.example');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('dialog', { name: 'Message sent' })).toBeDefined();
    expect(send).not.toHaveBeenCalled();
  });

  // The picture control's part, loaded as the visitor chooses a file: jsdom draws no pictures,
  // so what it can show here is a file that is no picture, and that the message goes without it.
  it('says a file is not a picture, and sends the message without it', async () => {
    send.mockResolvedValue(received('mail-without-picture'));
    renderSite(paths.support);
    await screen.findByLabelText('Your email');
    const user = await fillIn();
    const input = screen.getByLabelText<HTMLInputElement>('Add a screenshot or photo');
    expect(input.type).toBe('file');
    await user.upload(input, new File(['%PDF-1.7 not a picture'], 'invoice.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText(/^This file is not a picture\./)).toBeDefined();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('dialog', { name: 'Message sent' })).toBeDefined();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[1]).toBeUndefined();
  });

  // A picture the browser is still preparing when the form stops waiting (a busy phone) is
  // said to be slow: nothing says it is damaged. The decoder here never answers.
  it('says a picture that takes too long is slow, never damaged, and sends the message without it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('createImageBitmap', () => new Promise<never>(() => undefined));
    try {
      send.mockResolvedValue(received('mail-without-slow-picture'));
      renderSite(paths.support);
      await screen.findByLabelText('Your email');
      const user = await fillIn();
      const input = screen.getByLabelText<HTMLInputElement>('Add a screenshot or photo');
      const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
      await user.upload(input, new File([jpeg], 'catch.jpg', { type: 'image/jpeg' }));
      expect(await screen.findByText('Preparing the picture…')).toBeDefined();
      await vi.advanceTimersByTimeAsync(30_000);
      expect(await screen.findByText(/^This picture is taking too long to prepare/)).toBeDefined();
      expect(screen.queryByText(/damaged/)).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Send message' }));
      expect(await screen.findByRole('dialog', { name: 'Message sent' })).toBeDefined();
      expect(send.mock.calls[0]?.[1]).toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });
});
