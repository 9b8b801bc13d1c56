import { type MessageKey, SERVER_MESSAGES } from '@educrm/contract/messages';

/**
 * Which server refusal a message is (the envelope carries the translated sentence, not its key):
 * the product form uses it to show an on-sale refusal at the step and field it is about.
 */
export const isServerMessage = (message: string | null | undefined, key: MessageKey): boolean =>
  Boolean(message) && Object.values(SERVER_MESSAGES).some((m) => m[key] === message);

export type FormStep = 'basics' | 'specs' | 'details' | 'delivery' | 'channels';

/** Where an on-sale refusal belongs: cover and category on the basics, SKUs on specs and prices. */
export const sellableIssueOf = (
  message: string | null | undefined,
): { step: FormStep; field: 'coverUrl' | 'categoryId' | null } | null => {
  if (isServerMessage(message, 'productNeedsCover')) return { step: 'basics', field: 'coverUrl' };
  if (isServerMessage(message, 'productNeedsLeaf') || isServerMessage(message, 'categoryNotLeaf'))
    return { step: 'basics', field: 'categoryId' };
  if (isServerMessage(message, 'productNeedsSku')) return { step: 'specs', field: null };
  return null;
};
