import type { z } from 'zod';
import { canManageAutotext, canUseAutotext, manageableScopes } from '../../../src/domain/autotext-access';
import { checkImportRows, scopePlaceLabel } from '../../../src/domain/autotext-import';
import type {
  Autotext,
  AutotextImportResult,
  autotextImportSchema,
  autotextInputSchema,
  autotextListQuerySchema,
  autotextUpdateSchema,
} from '../../../src/domain/contract';
import { MESSAGES } from '../../../src/domain/messages';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { Errors, appError, appErrorVariant } from '../../lib/errors';
import type { RequestAuth } from '../auth/request-auth';
import {
  deleteAutotext,
  findAutotext,
  findSameShortcut,
  insertAutotext,
  insertAutotexts,
  isUniqueViolation,
  listAutotextPage,
  listUsable,
  scopeKeyOf,
  trustDepartments,
  updateAutotext,
  type AutotextRow,
  type AutotextValues,
} from './autotext.repository';

type Input = z.output<typeof autotextInputSchema>;
type Update = z.output<typeof autotextUpdateSchema>;
type ListQuery = z.output<typeof autotextListQuerySchema>;
type ImportBody = z.output<typeof autotextImportSchema>;

const duplicate = (v: AutotextValues, departmentName?: string | null) => {
  const message = MESSAGES.autotextDuplicateExisting(scopePlaceLabel(v.scope, departmentName));
  return Errors.validation(message, { shortcut: [message] });
};

export function createAutotextService(db: Db) {
  const toDto = (auth: RequestAuth, r: AutotextRow): Autotext => ({
    id: r.id,
    scope: r.scope,
    department: r.departmentId ? { id: r.departmentId, name: r.departmentName ?? '', code: r.departmentCode ?? '' } : null,
    user: r.userId ? { id: r.userId, full_name: `${r.userFirst ?? ''} ${r.userLast ?? ''}`.trim() } : null,
    shortcut: r.shortcut,
    title: r.title,
    body: r.body,
    updated_at: r.updatedAt.toISOString(),
    version: r.version,
    can_edit: canManageAutotext(auth.subject, auth.ctx.user.id, r),
  });

  /** The snippet if the caller may see it: another trust's, or another user's own, is a 404. */
  async function visible(auth: RequestAuth, id: number): Promise<AutotextRow> {
    const row = await findAutotext(db, id);
    if (!row || row.trustId !== auth.ctx.user.trustId || !canUseAutotext(auth.ctx.user.id, row)) throw Errors.notFound();
    return row;
  }

  /** The stored values for an input, after checking the caller may keep a snippet there. */
  async function valuesFor(auth: RequestAuth, input: Input): Promise<{ values: AutotextValues; departmentName: string | null }> {
    if (!manageableScopes(auth.subject).includes(input.scope)) {
      throw appErrorVariant('forbidden', 'autotextScope');
    }
    let departmentName: string | null = null;
    if (input.scope === 'department') {
      const dep = (await trustDepartments(db, auth.ctx.user.trustId)).find((d) => d.id === input.department_id);
      if (!dep) throw Errors.validation(MESSAGES.autotextDepartmentUnknown, { department_id: [MESSAGES.autotextDepartmentUnknown] });
      departmentName = dep.name;
    }
    return {
      departmentName,
      values: {
        trustId: auth.ctx.user.trustId,
        scope: input.scope,
        departmentId: input.scope === 'department' ? input.department_id! : null,
        userId: input.scope === 'user' ? auth.ctx.user.id : null,
        shortcut: input.shortcut,
        title: input.title,
        body: input.body,
      },
    };
  }

  const log = (auth: RequestAuth, action: string, id: number, details: Record<string, unknown>, ip: string) =>
    audit(db, { trustId: auth.ctx.user.trustId, userId: auth.ctx.user.id, action, entityType: 'autotext', entityId: id, details, ip });

  return {
    async list(auth: RequestAuth, q: ListQuery) {
      const { rows, total } = await listAutotextPage(
        db,
        { trustId: auth.ctx.user.trustId, userId: auth.ctx.user.id, search: q.search || undefined, scope: q.scope },
        q.page,
        q.paginate,
      );
      return { data: rows.map((r) => toDto(auth, r)), total };
    },

    usable: (auth: RequestAuth) => listUsable(db, auth.ctx.user.trustId, auth.ctx.user.id),

    departments: (auth: RequestAuth) => trustDepartments(db, auth.ctx.user.trustId),

    async get(auth: RequestAuth, id: number) {
      return toDto(auth, await visible(auth, id));
    },

    async create(auth: RequestAuth, input: Input, ip: string) {
      const { values, departmentName } = await valuesFor(auth, input);
      if (await findSameShortcut(db, values)) throw duplicate(values, departmentName);
      const id = await insertAutotext(db, values, auth.ctx.user.id);
      if (!id) throw duplicate(values, departmentName);
      await log(auth, 'autotext.create', id, { scope: values.scope, department_id: values.departmentId }, ip);
      return toDto(auth, (await findAutotext(db, id))!);
    },

    /** A change made on `base_version`; made on an older one (someone saved in between), 409 and nothing changes. */
    async update(auth: RequestAuth, id: number, input: Update, ip: string) {
      const current = await visible(auth, id);
      if (!canManageAutotext(auth.subject, auth.ctx.user.id, current)) throw appErrorVariant('forbidden', 'autotextNotYours');
      const { values, departmentName } = await valuesFor(auth, input);
      if (await findSameShortcut(db, values, id)) throw duplicate(values, departmentName);
      let changed: boolean;
      try {
        changed = await updateAutotext(db, id, values, input.base_version);
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicate(values, departmentName);
        throw err;
      }
      if (!changed) throw appError('autotext_conflict');
      await log(auth, 'autotext.update', id, { scope: values.scope, department_id: values.departmentId }, ip);
      return toDto(auth, (await findAutotext(db, id))!);
    },

    async remove(auth: RequestAuth, id: number, ip: string) {
      const current = await visible(auth, id);
      if (!canManageAutotext(auth.subject, auth.ctx.user.id, current)) throw appErrorVariant('forbidden', 'autotextNotYours');
      await deleteAutotext(db, id);
      await log(auth, 'autotext.delete', id, { scope: current.scope }, ip);
    },

    /**
     * Every row is checked again with the preview's rules against what is stored now; the good rows
     * go in together in one statement, and each other row is reported with its reasons.
     */
    async importRows(auth: RequestAuth, body: ImportBody, ip: string): Promise<AutotextImportResult> {
      const trustId = auth.ctx.user.trustId;
      const deps = await trustDepartments(db, trustId);
      const department = body.department_id ? deps.find((d) => d.id === body.department_id) : undefined;
      if (body.department_id && !department) {
        throw Errors.validation(MESSAGES.autotextDepartmentUnknown, { department_id: [MESSAGES.autotextDepartmentUnknown] });
      }
      const checked = checkImportRows(body.rows, {
        allowedScopes: manageableScopes(auth.subject),
        defaultScope: body.default_scope,
        departmentId: department?.id ?? null,
        departmentName: department?.name,
        existing: await listUsable(db, trustId, auth.ctx.user.id),
      });
      const good = checked.filter((r) => !r.errors.length);
      const made = await insertAutotexts(
        db,
        good.map((r) => ({
          trustId,
          scope: r.scope,
          departmentId: r.department_id,
          userId: r.scope === 'user' ? auth.ctx.user.id : null,
          shortcut: r.shortcut,
          title: r.title,
          body: r.body,
        })),
        auth.ctx.user.id,
      );
      const result: AutotextImportResult = { imported: [], skipped: [] };
      for (const r of checked) {
        const id = r.errors.length ? undefined : made.get(scopeKeyOf(r.scope, r.department_id, r.shortcut));
        if (id) result.imported.push({ row: r.row, id, shortcut: r.shortcut });
        else {
          const reasons = r.errors.length ? r.errors : [MESSAGES.autotextDuplicateExisting(scopePlaceLabel(r.scope, department?.name))];
          result.skipped.push({ row: r.row, shortcut: r.shortcut, reasons });
        }
      }
      if (result.imported.length) {
        await audit(db, {
          trustId,
          userId: auth.ctx.user.id,
          action: 'autotext.import',
          entityType: 'autotext',
          details: { imported: result.imported.length, skipped: result.skipped.length },
          ip,
        });
      }
      return result;
    },
  };
}

export type AutotextService = ReturnType<typeof createAutotextService>;
