import { ACCOUNT_PATHS, pickLocale } from '@portico/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app.js';
import { createRequireUser, currentUser } from '../auth/bearer.js';
import { type ContactCaller, createContactsService } from './service.js';

const callerOf = (request: FastifyRequest): ContactCaller => ({
  ip: request.ip,
  locale: pickLocale(request.headers['accept-language']),
});

/** E-mails and phones, change and activate e-mail/phone, behind the bearer token. */
export async function contactRoutes(app: FastifyInstance, deps: AppDeps) {
  app.addHook('preHandler', createRequireUser(app, deps));
  const contacts = createContactsService(deps);
  const P = ACCOUNT_PATHS;
  const user = currentUser;

  app.get(P.contacts, async (r) => ({ result: await contacts.list(user(r), r.query) }));
  app.post(P.contacts, async (r) => ({ result: await contacts.create(user(r), r.body, callerOf(r)) }));
  app.get(P.contactExists, async (r) => ({ result: await contacts.exists(user(r), r.query) }));
  app.post(P.contactSendOtp, async (r) => ({ result: await contacts.sendOtp(user(r), r.body, callerOf(r)) }));
  app.post(P.contactActivate, async (r) => ({ result: await contacts.activate(user(r), r.body, callerOf(r)) }));
  app.put(P.contactSetPrimary, async (r) => ({ result: await contacts.setPrimary(user(r), r.body, callerOf(r)) }));
  app.put(P.contactAllowLogin, async (r) => ({ result: await contacts.setAllowLogin(user(r), r.body, callerOf(r)) }));
  app.delete(P.contactDelete, async (r) => ({ result: await contacts.remove(user(r), r.query, callerOf(r)) }));
  app.post(P.contactDeleteByOtp, async (r) => ({ result: await contacts.removeByOtp(user(r), r.body, callerOf(r)) }));

  app.post(P.changeEmail, async (r) => ({ result: await contacts.changeEmail(user(r), r.body, callerOf(r)) }));
  app.post(P.changePhone, async (r) => ({ result: await contacts.changePhone(user(r), r.body, callerOf(r)) }));
  app.get(P.activeData, async (r) => ({ result: await contacts.activeData(user(r)) }));
  app.get(P.updateInfo, async (r) => ({ result: await contacts.contactInfo(user(r)) }));
  app.post(P.activateEmailSendCode, async (r) => ({
    result: await contacts.activateEmailSend(user(r), r.body, callerOf(r)),
  }));
  app.post(P.activateEmail, async (r) => ({ result: await contacts.activateEmail(user(r), r.body, callerOf(r)) }));
  app.post(P.activatePhoneSendCode, async (r) => ({
    result: await contacts.activatePhoneSend(user(r), r.body, callerOf(r)),
  }));
  app.post(P.activatePhone, async (r) => ({ result: await contacts.activatePhone(user(r), r.body, callerOf(r)) }));
}
