import { describe, expect, it } from 'vitest';
import { meshTimestamp, readReport, readTracking, TRACKING_NOT_FOUND } from '../../server/adapters/mesh/mesh-tracking';
import { nextCheckDelayMs } from '../../server/modules/distribution/gp-tracking';

/** The v2 tracking answer of mesh-api.yaml "Track outbox" (the example for a message not yet acknowledged). */
const accepted = {
  message_id: '20210311101813838554_1B8F53',
  local_id: 'api-docs-bob-sends-alice-a-chunked-file',
  workflow_id: 'API-DOCS-TEST',
  filename: 'message.txt.gz',
  expiry_time: '20200606122153',
  upload_timestamp: '20200601122152',
  recipient: 'X26HC005',
  recipient_name: 'APIM bebop',
  recipient_ods_code: 'X26',
  recipient_org_code: 'TestOrg',
  recipient_org_name: 'TEST Org Partnership Trust',
  status_success: true,
  status: 'accepted',
  status_event: 'TRANSFER',
  status_timestamp: '2020-06-01T12:21:52',
  status_description: 'Success',
  status_code: '01',
};

describe('MESH tracking answers', () => {
  it('reads the specification’s example: in the inbox, with the status and expiry times as UTC', () => {
    expect(readTracking(accepted)).toEqual({
      status: 'accepted',
      detail: 'In the GP practice’s MESH inbox, not yet collected.',
      at: new Date('2020-06-01T12:21:52Z'),
      expiresAt: new Date('2020-06-06T12:21:53Z'),
    });
  });

  it('acknowledged by the recipient (the specification’s second answer, only three fields)', () => {
    const t = readTracking({ status_timestamp: '2020-06-01T12:21:52', status: 'acknowledged', message_id: accepted.message_id });
    expect(t).toEqual({
      status: 'acknowledged',
      detail: 'Collected and acknowledged by the GP practice.',
      at: new Date('2020-06-01T12:21:52Z'),
    });
    // Letter case of the status does not matter (v1 answers "Acknowledged").
    expect(readTracking({ message_id: 'x', status: 'Acknowledged' }).status).toBe('acknowledged');
  });

  it('undeliverable: not collected within five days (code 14) says so in words', () => {
    const t = readTracking({
      ...accepted,
      status: 'undeliverable',
      status_success: false,
      status_code: '14',
      status_description: 'Message not collected by recipient after 5 days',
    });
    expect(t.status).toBe('undeliverable');
    expect(t.detail).toBe('The GP practice did not collect the letter from MESH within five days, so MESH withdrew it. (MESH code 14)');
    // The sandbox's v2 answer for an undelivered data message carries no code or description.
    expect(readTracking({ message_id: 'x', status: 'undeliverable', status_success: false }).detail).toBe(
      'MESH could not deliver the letter to the GP practice.',
    );
  });

  it('error: the code’s meaning when MESH’s table has it, else MESH’s own description', () => {
    expect(readTracking({ message_id: 'x', status: 'error', status_code: '12', status_description: 'Unregistered recipient' }).detail).toBe(
      'MESH reported an error delivering the letter to the GP practice. (the recipient mailbox is not registered with MESH, MESH code 12)',
    );
    expect(
      readTracking({ message_id: 'x', status: 'error', status_code: '99', status_description: 'Mailbox\u0007 deactivated' }).detail,
    ).toBe('MESH reported an error delivering the letter to the GP practice. (Mailbox deactivated, MESH code 99)');
  });

  it('a status it does not know is reported as such, and anything not tracking data is unknown', () => {
    expect(readTracking({ message_id: 'x', status: 'quarantined' })).toEqual({
      status: 'unknown',
      detail: 'MESH reported the status “quarantined”.',
    });
    expect(readTracking(undefined)).toEqual({ status: 'unknown', detail: 'MESH reported the status “none”.' });
    expect(TRACKING_NOT_FOUND).toContain('cannot be confirmed');
  });

  it('timestamps: ISO with or without a zone, yyyyMMddHHmm[ss[SSS]], nothing else', () => {
    expect(meshTimestamp('2020-06-01T12:21:52')).toEqual(new Date('2020-06-01T12:21:52Z'));
    expect(meshTimestamp('2020-06-01T13:21:52+01:00')).toEqual(new Date('2020-06-01T12:21:52Z'));
    expect(meshTimestamp('2020-06-01T12:21:52.5Z')).toEqual(new Date('2020-06-01T12:21:52.500Z'));
    expect(meshTimestamp('20200606122153')).toEqual(new Date('2020-06-06T12:21:53Z'));
    expect(meshTimestamp('202006061221')).toEqual(new Date('2020-06-06T12:21:00Z'));
    expect(meshTimestamp('20200606122153123')).toEqual(new Date('2020-06-06T12:21:53.123Z'));
    for (const bad of ['', null, undefined, 'yesterday', '20201306122153', '2020-06-01']) expect(meshTimestamp(bad)).toBeNull();
  });
});

describe('tracking backoff', () => {
  it('asks five minutes after sending, then twice as long each time, never more than two hours apart', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((n) => nextCheckDelayMs(n) / 60_000)).toEqual([5, 10, 20, 40, 80, 120, 120]);
  });

  it('a shorter interval (MESH_TRACKING_INTERVAL_MS) scales the whole backoff: at most 24 intervals apart', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((n) => nextCheckDelayMs(n, 1000) / 1000)).toEqual([1, 2, 4, 8, 16, 24, 24]);
  });
});

describe('MESH error reports', () => {
  // The headers of the specification's "Asynchronous error reporting" table, as MeshClient.download keeps them.
  const report = {
    messagetype: 'REPORT',
    messageid: '20200601122152994285_D59900',
    linkedmsgid: '20200529155357895317_3573F8',
    localid: 'wardnote-delivery-42',
    statusevent: 'TRANSFER',
    statussuccess: 'ERROR',
    workflowid: 'GPCONNECT_SEND_DOCUMENT',
    to: 'A81001HC001',
  };

  it('names the undelivered message and our local id, and says why in the tracking words', () => {
    expect(readReport({ ...report, statuscode: '14', statusdescription: 'Message not collected by recipient after 5 days' })).toEqual({
      messageId: '20200529155357895317_3573F8',
      localId: 'wardnote-delivery-42',
      detail: 'The GP practice did not collect the letter from MESH within five days, so MESH withdrew it. (MESH code 14)',
    });
    expect(readReport({ ...report, statuscode: '12', statusdescription: 'Unregistered to address' }).detail).toBe(
      'MESH reported an error delivering the letter to the GP practice. (the recipient mailbox is not registered with MESH, MESH code 12)',
    );
    // A code the table does not know: MESH's own description, printable and short.
    expect(readReport({ ...report, statuscode: '99', statusdescription: 'Mailbox\u0007 closed' }).detail).toBe(
      'MESH reported an error delivering the letter to the GP practice. (Mailbox closed, MESH code 99)',
    );
    expect(readReport({ messagetype: 'REPORT' })).toEqual({
      messageId: null,
      localId: null,
      detail: 'MESH reported an error delivering the letter to the GP practice.',
    });
  });
});
