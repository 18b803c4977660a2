import { describe, expect, it } from 'vitest';
import { reaLine, registeredOfficeLine } from './operator';
import { site, type Company } from './site';

const company: Company = {
  registeredOffice: { street: 'Piazza Grande 3', postalCode: '20121', city: 'Milano', province: 'MI', country: 'IT' },
  register: { chamber: 'Milano Monza Brianza Lodi', number: '01234567890' },
  rea: { office: 'MI', number: '1234567' },
  shareCapitalEuro: 10_000,
  pec: 'azienda@pec.example.it',
  dataProtectionEmail: 'privacy@example.it',
};

describe('the operator’s legal facts', () => {
  it('write the registered office and the REA entry as Italian documents do', () => {
    expect(registeredOfficeLine(company)).toBe('Piazza Grande 3, 20121 Milano (MI)');
    expect(reaLine(company)).toBe('MI-1234567');
  });

  it('are complete: every fact the law asks for has a value', () => {
    const { registeredOffice, rea, pec, dataProtectionEmail } = site.company;
    for (const value of [...Object.values(registeredOffice), rea.office, rea.number, pec, dataProtectionEmail])
      expect(value.trim()).not.toBe('');
    expect(rea.office).toMatch(/^[A-Z]{2}$/);
    expect(registeredOffice.province).toMatch(/^[A-Z]{2}$/);
    expect(registeredOffice.postalCode).toMatch(/^\d{5}$/);
    expect(pec).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    expect(site.company.shareCapitalEuro ?? 1).toBeGreaterThan(0);
  });
});
