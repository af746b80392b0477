import { z } from 'zod';
import { blockIdSchema } from './brand.js';
import { featureEndpoints } from './endpoint.js';

// Notification settings (spec account §2 /notification, §3 "Notification config item", §4 the
// master switch, §7 Notification; issue 28 point 5). The platform's products register their
// blocks (a product area: id, name, title) and modules (a kind of notification) and read a
// person's choices before sending; the person picks, per module, the channels it may use.

/** The channels a module's notifications may travel by (spec §3 notificationGroup). */
export const NOTIFICATION_CHANNELS = ['email', 'web', 'app'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
const channelSchema = z.enum(NOTIFICATION_CHANNELS);
/** A list of channels, each at most once (the order is the channels' own). */
export const notificationGroupSchema = z
  .array(channelSchema)
  .max(NOTIFICATION_CHANNELS.length)
  .transform((list) => NOTIFICATION_CHANNELS.filter((c) => list.includes(c)));

/** A product's id for a block or a module: letters, digits and . _ : - (it travels in paths). */
const keySchema = blockIdSchema;
/** A module's block: a block id, or null for the general notifications (shown without a product). */
const blockRefSchema = keySchema.nullable();
/** A title a product writes in both interface languages. */
const titlesSchema = z.object({
  vi: z.string().trim().min(1).max(200),
  en: z.string().trim().min(1).max(200),
});

/** A block as the person reads it: the title in the reader's language. */
export const notificationBlockSchema = z.object({ id: z.string(), name: z.string(), title: z.string() });
/** One module with the person's channels for it (spec §3 Notification config item, with the module's title). */
export const notificationItemSchema = z.object({
  blockId: z.string().nullable(),
  moduleName: z.string(),
  title: z.string(),
  notificationGroup: z.array(channelSchema),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;
export const notificationConfigSchema = z.object({
  blocks: z.array(notificationBlockSchema),
  items: z.array(notificationItemSchema),
});
export type NotificationConfig = z.infer<typeof notificationConfigSchema>;

/** The most modules one save may carry. */
export const MAX_NOTIFICATION_ITEMS = 2000;
export const saveNotificationInput = z.object({
  items: z
    .array(z.object({ blockId: blockRefSchema, moduleName: keySchema, notificationGroup: notificationGroupSchema }))
    .max(MAX_NOTIFICATION_ITEMS),
});

/**
 * The master switch (spec §4): on when no module has a channel; turning it on clears every
 * channel, turning it off gives every module all three.
 */
export const masterSwitchOn = (items: readonly Pick<NotificationItem, 'notificationGroup'>[]) =>
  items.every((item) => item.notificationGroup.length === 0);
export const withMasterSwitch = <T extends Pick<NotificationItem, 'notificationGroup'>>(
  items: readonly T[],
  on: boolean,
) => items.map((item) => ({ ...item, notificationGroup: on ? [] : [...NOTIFICATION_CHANNELS] }));

/** A block as its product writes it. */
export const putNotificationBlockInput = z.object({
  blockId: keySchema,
  name: z.string().trim().min(1).max(100),
  title: titlesSchema,
});
export const productNotificationBlockSchema = z.object({ id: z.string(), name: z.string(), title: titlesSchema });
/** A module as its product writes it; a person who never chose gets `defaultChannels` (all three unless said). */
export const putNotificationModuleInput = z.object({
  moduleName: keySchema,
  blockId: blockRefSchema.default(null),
  title: titlesSchema,
  defaultChannels: notificationGroupSchema.default([...NOTIFICATION_CHANNELS]),
});
export const productNotificationModuleSchema = z.object({
  blockId: z.string().nullable(),
  moduleName: z.string(),
  title: titlesSchema,
  defaultChannels: z.array(channelSchema),
});
const moduleRefInput = z.object({ moduleName: keySchema, blockId: blockRefSchema.default(null) });
/** A person's channels as a product reads them before sending (one module, or all of a block's, or all). */
export const userChoicesInput = z.object({
  userId: z.string().min(1).max(100),
  blockId: keySchema.optional(),
  moduleName: keySchema.optional(),
});
export const userChoicesSchema = z.object({
  items: z.array(
    z.object({ blockId: z.string().nullable(), moduleName: z.string(), notificationGroup: z.array(channelSchema) }),
  ),
});

const define = featureEndpoints('notification');

export const notificationEndpoints = {
  config: define({
    method: 'GET',
    path: '/api/account/notification',
    summary: "The person's notification settings: the blocks, and each module with its channels",
    auth: 'user',
    output: notificationConfigSchema,
  }),
  save: define({
    method: 'POST',
    path: '/api/account/notification',
    summary:
      "Saves the person's channels for the modules listed (the others keep theirs: the page sends the ones changed)",
    auth: 'user',
    input: saveNotificationInput,
    output: notificationConfigSchema,
    errors: ['notification_module_unknown'],
  }),
  putBlock: define({
    method: 'PUT',
    path: '/api/product/notification/blocks/:blockId',
    summary: 'Registers or renames a block (a product area) of notification modules',
    auth: 'product',
    scope: 'notifications:write',
    input: putNotificationBlockInput,
    output: productNotificationBlockSchema,
  }),
  putModule: define({
    method: 'PUT',
    path: '/api/product/notification/modules/:moduleName',
    summary: 'Registers or retitles a module (a kind of notification) in a block, or general when blockId is null',
    auth: 'product',
    scope: 'notifications:write',
    input: putNotificationModuleInput,
    output: productNotificationModuleSchema,
    errors: ['notification_block_unknown'],
  }),
  deleteModule: define({
    method: 'DELETE',
    path: '/api/product/notification/modules/:moduleName',
    summary: "Removes a module and everyone's choices for it",
    auth: 'product',
    scope: 'notifications:write',
    input: moduleRefInput,
    output: z.object({ deleted: z.boolean() }),
  }),
  userChoices: define({
    method: 'GET',
    path: '/api/product/notification/users/:userId',
    summary: "A person's channels per module, to read before sending (one module, a block's, or all)",
    auth: 'product',
    person: 'userId',
    scope: 'notifications:read',
    input: userChoicesInput,
    output: userChoicesSchema,
    errors: ['not_found'],
  }),
};
