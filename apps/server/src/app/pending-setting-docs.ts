import type { SettingDoc } from '../shared/config.ts';

/**
 * The docs of features' settings not yet written where they are defined (with `setting()` and `secret()` in
 * the feature's schema, as market-news and backup do): each feature's owner moves its rows into its schema,
 * and this list only shrinks. The settings table (docs/operations.md, "Settings") is generated from the
 * schemas and, for these, from here; secrets here are redacted like any other.
 */
export const pendingSettingDocs: Readonly<Record<string, SettingDoc>> = {
  // contact
  CONTACT_TO: {
    default: 'the address in `MAIL_FROM`',
    description:
      'where contact-form messages go (`POST /api/contact`, Reply-To the visitor); also shown as the email link on `/contact`. Messages are kept in the outbox first, so none is lost while the mail server is down',
  },
  CONTACT_MESSAGES_PER_HOUR: {
    default: '`60`',
    description:
      'contact messages stored per hour from all visitors together (`contact.site-wide`), beside the per-visitor limit: a flood from rotating addresses cannot fill the outbox',
  },
  // dictionary
  DICTIONARY_API_URL: {
    default: 'unset',
    description:
      "a hosted dictionary speaking dictionaryapi.dev's protocol (`https://api.dictionaryapi.dev`): its answers are preferred for `/dict`, and a word it does not know or any failure of it is answered offline from WordNet 3.0 (the default, which needs nothing)",
  },
  DICTIONARY_API_TIMEOUT_MS: {
    default: '`5000`',
    description: 'how long the hosted dictionary may take to answer (100 to 60000) before WordNet answers',
  },
  // donate
  UPI_ID: {
    default: 'unset',
    description:
      'the UPI address donations go to (`name@bank`): the UPI, PhonePe (with a QR code the site draws) and Paytm buttons on `/donate`. Without it and `PAYPAL_URL` the page says donations are not set up yet',
  },
  PAYEE_NAME: {
    default: '`SITE_NAME`',
    description: 'the payee name in the UPI link and beside the QR code',
  },
  PAYPAL_URL: {
    default: 'unset',
    description:
      'the PayPal donation link (`https://www.paypal.com/…` or `https://paypal.me/…`) for the PayPal button',
  },
  // speech
  SPEECH_STORE_MAX_MB: {
    default: '`512`',
    description:
      'megabytes of spoken MP3 files kept under `DATA_DIR/speech`; past it the least recently used are removed',
  },
  SPEECH_PER_DEVICE_HOURLY: {
    default: '`60`',
    description: 'new texts spoken to MP3 per device an hour (limit `speech.per-device`)',
  },
  SPEECH_PER_VISITOR_HOURLY: {
    default: '`300`',
    description: 'new texts spoken to MP3 per client address an hour (limit `speech.per-visitor`)',
  },
  // translation
  TRANSLATION_SERVICES: {
    default: '`mymemory` (`none` under `NODE_ENV=test`)',
    description:
      'the services to try, in order, comma-separated: `mymemory`, `libretranslate`, `google`; the next is tried only when one fails; `none`: stored translations only',
  },
  MYMEMORY_URL: {
    default: '`https://api.mymemory.translated.net`',
    description:
      "MyMemory's free API (`GET /get?q=…&langpair=en\\|hi`), keyless: about 5,000 characters a day per server address",
  },
  MYMEMORY_EMAIL: {
    default: 'unset',
    description:
      "a contact e-mail sent as `de=`, which raises MyMemory's quota to about 50,000 characters a day",
  },
  LIBRETRANSLATE_URL: {
    default: 'unset (required for `libretranslate`)',
    description:
      'a LibreTranslate server, usually self-hosted (`POST /translate`), e.g. `http://127.0.0.1:5000`',
  },
  LIBRETRANSLATE_API_KEY: {
    default: 'unset',
    description: 'its `api_key`, when the server requires keys',
    secret: true,
  },
  LIBRETRANSLATE_MAX_CHARS: {
    default: '5000',
    description: "the most characters sent in one request (match the server's `--char-limit`)",
  },
  GOOGLE_TRANSLATE_URL: {
    default: '`https://translation.googleapis.com`',
    description: 'Google Cloud Translation, Basic (v2) (`POST /language/translate/v2?key=…`)',
  },
  GOOGLE_TRANSLATE_API_KEY: {
    default: 'unset (required for `google`)',
    description: 'the API key (a secret: it travels in the query string and never appears in a log line)',
    secret: true,
  },
  TRANSLATION_TIMEOUT_MS: { default: '10000', description: 'the time limit of one request to a service' },
  TRANSLATION_DEADLINE_MS: {
    default: '45000',
    description: "the most one visitor's translation may take, all services and pieces included",
  },
  TRANSLATION_REQUESTS_PER_MINUTE: {
    default: '120',
    description:
      'requests to translation services a minute for the whole site (policy `translation.outgoing-per-minute`); past it new texts answer 503 until the minute ends, stored ones are still answered',
  },
  TRANSLATION_VISITOR_REQUESTS_PER_MINUTE: {
    default: '60',
    description:
      "requests to translation services a minute caused by one visitor (policy `translation.outgoing-per-visitor`), counted before the site's: one visitor's long text spends their own budget (429), not everyone's",
  },
  // market
  WHATSAPP_TOKEN: {
    default: 'unset',
    description:
      'WhatsApp Business Cloud API access token; with the two below, `/api/generate-alert?premium=true` sends the Fed alert (once per decision)',
    secret: true,
  },
  WHATSAPP_PHONE_NUMBER_ID: {
    default: 'unset',
    description: "the sending phone number's id in the WhatsApp Business account",
  },
  WHATSAPP_RECIPIENT: {
    default: 'unset',
    description: 'the number alerts go to, digits in international form (`919812345678`)',
  },
  WHATSAPP_API_URL: {
    default: '`https://graph.facebook.com`',
    description: 'Graph API base URL (tests point it at a local fake)',
  },
  WHATSAPP_API_VERSION: {
    default: '`21.0`',
    description: 'Graph API version in the path (`/v21.0/{phone-number-id}/messages`)',
  },
  FED_ALERT_SENDS_PER_DAY: {
    default: '`3`',
    description:
      'WhatsApp sends of the Fed alert tried per day, site-wide (limit `fed-alert.whatsapp-sends`)',
  },
};
