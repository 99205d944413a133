// The admin feature's public entry.
export { MailDeliveryNotice } from './components/mail-delivery-notice';
