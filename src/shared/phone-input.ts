/**
 * Marks a phone input of a form that is not a widget (the tour form) for the boot script's small enhancement that
 * formats it as the buyer types, the way the contact form does (widgets/phone-input.ts).
 */
export const PHONE_FORMAT_ATTRIBUTE = 'data-phone-format';
