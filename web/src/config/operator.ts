// The operator's legal facts (config/site.ts) as the texts write them: the footer's legal line,
// the privacy policy's controller and the terms' operator. A module of their own, so the
// start-up script, which needs site.ts for every page, leaves these lines to the parts that
// show them.
import { site, type Company } from './site.ts';

/** The registered office on one line: "Via del Porto 1, 57123 Livorno (LI)". */
export function registeredOfficeLine({ registeredOffice: office }: Company = site.company): string {
  return `${office.street}, ${office.postalCode} ${office.city} (${office.province})`;
}

/** The REA entry as it is written: "LI-000000". */
export function reaLine({ rea }: Company = site.company): string {
  return `${rea.office}-${rea.number}`;
}

/**
 * The operator's legal facts as the texts' placeholders name them: the footer's legal line, the
 * privacy policy's controller and the terms' operator all fill them from here.
 */
export function operatorValues() {
  return {
    operator: site.operatorName,
    office: registeredOfficeLine(),
    vat: site.vatNumber,
    chamber: site.company.register.chamber,
    taxCode: site.company.register.number,
    rea: reaLine(),
    pec: site.company.pec,
  };
}
