import type { ServerTexts } from './types.ts';

// After a numeral Finnish takes the partitive, except after one: "1 tunnin", "24 tuntia".
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const fiFi: ServerTexts = {
  messages: {
    signupSent: (email) =>
      `Lähetimme vahvistusviestin osoitteeseen ${email}. Aktivoi tilisi avaamalla viestissä oleva linkki.`,
    invitedSignupDone: 'Tilisi on luotu. Voit nyt kirjautua sisään.',
    verificationResent: (email) =>
      `Lähetimme uuden vahvistusviestin osoitteeseen ${email}. Aktivoi tilisi avaamalla viestissä oleva linkki.`,
    recoverSent: (email) => `Lähetimme osoitteeseen ${email} viestin, jossa on linkki salasanan vaihtamiseen.`,
    passwordChanged: 'Salasanasi on vaihdettu. Voit nyt kirjautua sisään uudella salasanalla.',
  },
  errors: {
    invalidToken: 'Linkki on virheellinen tai vanhentunut.',
    captchaInvalid: 'Ihmiseksi tunnistautuminen epäonnistui. Yritä uudelleen.',
    emailAlreadyRegistered: 'Tämä sähköpostiosoite on jo rekisteröity.',
    alreadyVerified: 'Tämä tili on jo vahvistettu.',
    emailNotRegistered: 'Sähköpostiosoitetta ei ole rekisteröity.',
    accountNotVerified: 'Tili on vahvistettava.',
    notOwner: 'Vain tilin omistaja voi avata tämän sivun',
    validation: {
      MISSING_EMAIL: 'Anna sähköpostiosoite.',
      EMAIL_INCORRECT_FORMAT: 'Sähköpostiosoite on väärässä muodossa',
      MISSING_PASSWORD: 'Anna salasana.',
      PASSWORD_NOT_ENOUGH_LENGTH: 'Salasanan on oltava 10–32 merkkiä pitkä.',
      PASSWORD_NO_DIGIT: 'Salasanassa on oltava vähintään yksi numero.',
      PASSWORD_NO_UPPERCASE: 'Salasanassa on oltava vähintään yksi iso kirjain.',
      PASSWORD_NO_LOWERCASE: 'Salasanassa on oltava vähintään yksi pieni kirjain.',
      MISSING_NAME: 'Anna nimesi.',
      MISSING_ACCEPT_TERM_AND_CONDITIONS: 'Hyväksy käyttöehdot.',
    },
  },
  mail: {
    greeting: (name) => (name ? `Hei ${name},` : 'Hei,'),
    linkFallback: 'Jos painike ei toimi, kopioi tämä osoite selaimeesi:',
    verification: {
      subject: (product) => `Vahvista sähköpostiosoitteesi palveluun ${product}`,
      intro: (product) =>
        `Kiitos, että rekisteröidyit palveluun ${product}. Aktivoi tilisi vahvistamalla sähköpostiosoitteesi.`,
      action: 'Aktivoi tili',
      validity: (hours) => `Linkki on voimassa ${count(hours, 'tunnin', 'tuntia')}.`,
      ignore: 'Jos et rekisteröitynyt, voit jättää tämän viestin huomiotta.',
    },
    reset: {
      subject: (product) => `Vaihda salasanasi palveluun ${product}`,
      intro: () => 'Saimme pyynnön vaihtaa tilisi salasanan. Valitse uusi salasana alla olevan linkin kautta.',
      action: 'Vaihda salasana',
      validity: (minutes) =>
        `Linkki on voimassa ${count(minutes, 'minuutin', 'minuuttia')}, ja sitä voi käyttää kerran.`,
      ignore: 'Jos et pyytänyt salasanan vaihtoa, voit jättää tämän viestin huomiotta. Salasanasi pysyy ennallaan.',
    },
    invitation: {
      subject: (inviter, product) => `${inviter} kutsui sinut palveluun ${product}`,
      intro: (inviter, product) =>
        `${inviter} kutsui sinut liittymään tililleen palvelussa ${product}. Luo oma tilisi alla olevan linkin kautta.`,
      action: 'Hyväksy kutsu',
      validity: (days) => `Kutsu on voimassa ${count(days, 'päivän', 'päivää')}.`,
      ignore: 'Jos et tunne kutsujaa, voit jättää tämän viestin huomiotta.',
    },
  },
};
