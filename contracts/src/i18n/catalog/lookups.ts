import { defineMessages } from './define.js';

export const lookupsMessages = defineMessages({
  vi: {
    lookup_exists: 'Mục này đã có trong danh sách.',
  },
  en: {
    lookup_exists: 'This entry is already in the list.',
  },
});
