import { contactsEndpoints as E } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { createContactsService } from './service.js';

/** E-mails and phones, change and activate e-mail/phone (contracts/src/contacts.ts), for the signed-in user. */
export async function contactRoutes(app: FastifyInstance, deps: AppDeps) {
  const contacts = createContactsService(deps);
  handle(app, E.list, (input, ctx) => contacts.list(ctx, input));
  handle(app, E.create, (input, ctx) => contacts.create(ctx, input));
  handle(app, E.exists, (input, ctx) => contacts.exists(ctx, input));
  handle(app, E.sendOtp, (input, ctx) => contacts.sendOtp(ctx, input));
  handle(app, E.activate, (input, ctx) => contacts.activate(ctx, input));
  handle(app, E.setPrimary, (input, ctx) => contacts.setPrimary(ctx, input));
  handle(app, E.allowLogin, (input, ctx) => contacts.setAllowLogin(ctx, input));
  handle(app, E.remove, (input, ctx) => contacts.remove(ctx, input));
  handle(app, E.removeByOtp, (input, ctx) => contacts.removeByOtp(ctx, input));

  handle(app, E.changeEmail, (input, ctx) => contacts.changeEmail(ctx, input));
  handle(app, E.changePhone, (input, ctx) => contacts.changePhone(ctx, input));
  handle(app, E.activeData, (_input, ctx) => contacts.activeData(ctx));
  handle(app, E.contactInfo, (_input, ctx) => contacts.contactInfo(ctx));
  handle(app, E.activateEmailSend, (input, ctx) => contacts.activateEmailSend(ctx, input));
  handle(app, E.activateEmail, (input, ctx) => contacts.activateEmail(ctx, input));
  handle(app, E.activatePhoneSend, (input, ctx) => contacts.activatePhoneSend(ctx, input));
  handle(app, E.activatePhone, (input, ctx) => contacts.activatePhone(ctx, input));
}
