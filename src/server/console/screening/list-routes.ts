import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  screeningListAnswer,
  screeningListCreation,
  screeningListRename,
  screeningListsAnswer,
  screeningListUploadAnswer,
  type ScreeningListRow,
} from "../../../domain/contracts/console-screening-lists.ts";
import { failureAnswer, messageAnswer } from "../../../domain/contracts/envelope.ts";
import type { Db } from "../../platform/db/database.ts";
import {
  createList,
  deleteList,
  findList,
  listLists,
  renameList,
  replaceEntries,
  type ScreeningList,
} from "../../screening/lists/list-store.ts";
import { actorOf } from "../access/console-access.ts";
import { recordAction } from "../audit/audit-log.ts";

// The operator's do-not-call and litigator lists (docs/product/screening.md#lists): any operator reads their names and
// sizes; those who manage buyers (buyers:write) create, upload, rename and delete them, each change in the audit log
// by the list's id, name and counts, never a number. An upload is the whole list as text, one phone a line or CSV,
// and replaces what the list held.

const NOT_FOUND = { status: 404, message: "No list with that id." };
const NAME_TAKEN = "Another list has this name.";
const NO_PHONES =
  "Not one line of this file holds a phone (ten digits, or the area code and seven digits): the list is unchanged.";
const params = z.object({ id: z.string().max(63) });

/** A state's registry file of area codes runs to tens of MB (eleven bytes a line); the console's others to 64 KB. */
const LIST_UPLOAD_LIMIT = 64 * 1024 * 1024;

type ListRoutesDeps = { db: Db; tokenSecret: Buffer };

const rowOf = (list: ScreeningList, updatedBy: string | null): ScreeningListRow => ({
  id: list.id,
  name: list.name,
  kind: list.kind,
  entries: list.entries,
  updated_at: list.updatedAt.toISOString(),
  updated_by: updatedBy,
});

const nameTaken = (reply: FastifyReply) =>
  reply.code(409).send({ status: 409, message: NAME_TAKEN, errors: { name: NAME_TAKEN } });

export default async function listRoutes(app: FastifyInstance, deps: ListRoutesDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db, tokenSecret } = deps;
  const write = { access: "buyers:write" } as const;

  typed.get(
    "/api/console/screening/lists",
    { schema: { response: { 200: screeningListsAnswer } }, config: { access: "buyers:read" } },
    async (_request, reply) => {
      const lists = await listLists(db);
      return reply.send({
        status: 200,
        message: "Screening lists.",
        data: { lists: lists.map((l) => rowOf(l, l.updatedByEmail)) },
      });
    },
  );

  typed.post(
    "/api/console/screening/lists",
    {
      schema: {
        body: screeningListCreation,
        response: { 201: screeningListAnswer, 400: failureAnswer, 409: failureAnswer },
      },
      config: write,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const made = await createList(db, request.body, actor.id);
      if (made === "name taken") return nameTaken(reply);
      await recordAction(db, actor, {
        action: "screening_list.create",
        target: made.id,
        details: { name: made.name, kind: made.kind },
      });
      return reply
        .code(201)
        .send({ status: 201, message: `List "${made.name}" created.`, data: { list: rowOf(made, actor.email) } });
    },
  );

  typed.patch(
    "/api/console/screening/lists/:id",
    {
      schema: {
        params,
        body: screeningListRename,
        response: { 200: screeningListAnswer, 400: failureAnswer, 404: failureAnswer, 409: failureAnswer },
      },
      config: write,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const before = await findList(db, request.params.id);
      if (!before) return reply.code(404).send(NOT_FOUND);
      const renamed = await renameList(db, before.id, request.body.name, actor.id);
      if (renamed === "name taken") return nameTaken(reply);
      if (!renamed) return reply.code(404).send(NOT_FOUND);
      await recordAction(db, actor, {
        action: "screening_list.rename",
        target: renamed.id,
        details: { from: before.name, to: renamed.name },
      });
      return reply.send({
        status: 200,
        message: `List renamed "${renamed.name}".`,
        data: { list: rowOf(renamed, actor.email) },
      });
    },
  );

  typed.delete(
    "/api/console/screening/lists/:id",
    { schema: { params, response: { 200: messageAnswer, 404: failureAnswer } }, config: write },
    async (request, reply) => {
      const deleted = await deleteList(db, request.params.id);
      if (!deleted) return reply.code(404).send(NOT_FOUND);
      await recordAction(db, actorOf(request), {
        action: "screening_list.delete",
        target: deleted.id,
        details: { name: deleted.name, kind: deleted.kind, entries: deleted.entries },
      });
      return reply.send({ status: 200, message: `List "${deleted.name}" deleted.` });
    },
  );

  // The upload in a scope of its own, so that only it takes a plain-text body, and one this large.
  await app.register(async (upload) => {
    upload.addContentTypeParser(
      ["text/plain", "text/csv"],
      { parseAs: "string", bodyLimit: LIST_UPLOAD_LIMIT },
      (_request, body, done) => done(null, body),
    );
    upload.withTypeProvider<ZodTypeProvider>().put(
      "/api/console/screening/lists/:id/entries",
      {
        schema: {
          params,
          consumes: ["text/plain", "text/csv"],
          body: z.string({ message: "Send the list as text: one phone a line, or CSV." }),
          response: { 200: screeningListUploadAnswer, 400: failureAnswer, 404: failureAnswer },
        },
        config: write,
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const counted = await replaceEntries(db, tokenSecret, request.params.id, request.body, actor.id);
        if (counted === "no phones") {
          return reply.code(400).send({ status: 400, message: NO_PHONES, errors: { body: NO_PHONES } });
        }
        const list = counted && (await findList(db, request.params.id));
        if (!counted || !list) return reply.code(404).send(NOT_FOUND);
        await recordAction(db, actor, { action: "screening_list.upload", target: list.id, details: { ...counted } });
        return reply.send({
          status: 200,
          message: `List "${list.name}" replaced: ${counted.entries} phones, ${counted.skipped} lines without one.`,
          data: { list: rowOf(list, actor.email), ...counted },
        });
      },
    );
  });
}
