/**
 * A trust's structure (issue 25): its departments and its job types. Trust-wide objects: a SuperAdmin
 * reaches every trust's, anyone else their own trust's (another trust's answers 404).
 */
import { RULES, type Rule } from '../../access';
import type { Permission, Role } from '../../roles';
import {
  departmentAnswerSchema,
  departmentCreateSchema,
  departmentsAnswerSchema,
  departmentsQuerySchema,
  departmentUpdateSchema,
  jobTypeAnswerSchema,
  jobTypeCreateSchema,
  jobTypesAnswerSchema,
  jobTypesQuerySchema,
  jobTypeUpdateSchema,
} from '../admin-structure';
import { messageResponseSchema } from '../auth';
import { endpoint } from '../endpoint';
import { idParamSchema } from '../primitives';

/** Whoever any of these rules lets in (each an `any` rule). */
function anyOf(...rules: Rule[]): Rule {
  return {
    roles: [...new Set(rules.flatMap((r) => (r.roles ?? []) as Role[]))],
    permissions: [...new Set(rules.flatMap((r) => (r.permissions ?? []) as Permission[]))],
  };
}

/** Reading the departments: who keeps them, and who makes or edits job types (their form chooses one). */
export const DEPARTMENTS_READ = anyOf(RULES.departments, RULES.jobTypesCreate, RULES.jobTypesEdit);
/** Reading one job type: who lists them, and who edits them (the edit page loads it). */
export const JOB_TYPE_READ = anyOf(RULES.jobTypesList, RULES.jobTypesEdit);

export const adminStructureEndpoints = {
  departmentsList: endpoint({
    method: 'GET',
    path: '/api/departments',
    rule: DEPARTMENTS_READ,
    query: departmentsQuerySchema,
    response: departmentsAnswerSchema,
  }),
  departmentGet: endpoint({
    method: 'GET',
    path: '/api/departments/:id',
    rule: DEPARTMENTS_READ,
    params: idParamSchema,
    response: departmentAnswerSchema,
  }),
  departmentCreate: endpoint({
    method: 'POST',
    path: '/api/departments',
    rule: RULES.departments,
    body: departmentCreateSchema,
    response: departmentAnswerSchema,
    status: 201,
  }),
  departmentUpdate: endpoint({
    method: 'PATCH',
    path: '/api/departments/:id',
    rule: RULES.departments,
    params: idParamSchema,
    body: departmentUpdateSchema,
    response: departmentAnswerSchema,
  }),
  departmentDelete: endpoint({
    method: 'DELETE',
    path: '/api/departments/:id',
    rule: RULES.departments,
    params: idParamSchema,
    response: messageResponseSchema,
  }),
  jobTypesList: endpoint({
    method: 'GET',
    path: '/api/job-types',
    rule: RULES.jobTypesList,
    query: jobTypesQuerySchema,
    response: jobTypesAnswerSchema,
  }),
  jobTypeGet: endpoint({
    method: 'GET',
    path: '/api/job-types/:id',
    rule: JOB_TYPE_READ,
    params: idParamSchema,
    response: jobTypeAnswerSchema,
  }),
  jobTypeCreate: endpoint({
    method: 'POST',
    path: '/api/job-types',
    rule: RULES.jobTypesCreate,
    body: jobTypeCreateSchema,
    response: jobTypeAnswerSchema,
    status: 201,
  }),
  jobTypeUpdate: endpoint({
    method: 'PATCH',
    path: '/api/job-types/:id',
    rule: RULES.jobTypesEdit,
    params: idParamSchema,
    body: jobTypeUpdateSchema,
    response: jobTypeAnswerSchema,
  }),
  jobTypeDelete: endpoint({
    method: 'DELETE',
    path: '/api/job-types/:id',
    rule: RULES.jobTypesEdit,
    params: idParamSchema,
    response: messageResponseSchema,
  }),
};
