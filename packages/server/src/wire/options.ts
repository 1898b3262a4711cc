/**
 * What clients send: room create/join options and message bodies. The schemas are the protocol's,
 * defined once in @isle-of-trains/client (its `protocol` module, which loads no SDK).
 */
import type { z } from 'zod';

export {
  DisplayName, CreateOptionsSchema, JoinOptionsSchema, IntentSchema, ChatSchema, StartSchema, UndoSchema, RematchSchema, LogRequestSchema,
  type CreateOptions, type JoinOptions,
} from '@isle-of-trains/client/protocol';

export function issuesText(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.length ? i.path.join('.') + ': ' : ''}${i.message}`).join('; ');
}
