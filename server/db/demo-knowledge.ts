import { count, eq } from 'drizzle-orm';
import type { Db } from './client';
import { knowledgeArticles, trusts } from './schema';
import { findDemoUserId } from './seed';

/**
 * The knowledge base's starting articles (issue 25): four for every trust, written from what the app does
 * (recording and the outbox, the typist's player and its pedals, offline review, secretarial cover), and
 * one of the demo trust's own. Seeded once, into a knowledge base with nothing in it.
 */
export const DEMO_GLOBAL_ARTICLES: { title: string; tags: string[]; body: string }[] = [
  {
    title: 'Recording a dictation, and what happens if the network drops',
    tags: ['recording', 'dictation', 'offline', 'upload'],
    body: `Recording needs no connection: everything you record is kept on your device until the server has it.

## Record

1. Choose **Record** in the top bar (or press **Alt+R**), then **New recording**. Up to four recordings can be open at once, each in its own tab (**Alt+1** to **Alt+4**).
2. Press **Record**. The first time, the browser asks to use the microphone: allow it. The screen stays awake while you record.
3. Use **Pause** and **Resume** as you need (**Ctrl+Alt+R** does the same), then **Stop**.
4. Play it back. To change a part, stop the playback where the change goes and choose **Insert at …** or **Overwrite from …**, then record the change.
5. Fill in the details (patient, job type, urgent, confidential) and press **Submit** (**Ctrl+S**) to send it for typing, or **Save as draft** (**D**) to finish it later.

## If the network drops

- **While recording**: nothing is lost. Every two seconds the audio so far is saved on this device, encrypted.
- **If the app or the browser closes** while you record, what was saved is kept. Open the tab again: it says the recording was interrupted and how long it is. Play it back, then submit it or record a new one. Recordings without a tab are listed on the Record page under *Recordings kept on this device*.
- **Submitting without a signal**: you see *Saved on this device; it will be sent when you are back online.* The recording is listed above your work list under *On this device — waiting to send*, and the sync status in the top bar says how many are waiting.
- **When the connection is back**, the upload carries on from where it stopped; it does not start again. The copy on your device is deleted only after the server confirms it received every byte.
- **If the server refuses something**, the sync status turns red and says why. Open it to **Retry** or **Discard**.

## Before you sign out

Signing out deletes everything kept on this device. If a recording has not reached the server yet, Wardnote tells you how many before you confirm: stay signed in until they are sent.
`,
  },
  {
    title: 'Using a foot pedal',
    tags: ['foot-pedal', 'typing', 'playback', 'speechmike'],
    body: `Typists can control the audio of a dictation with a transcription foot pedal or a Philips SpeechMike.

## What works

Foot pedals and SpeechMikes need **Chrome or Edge on a computer** (Windows, macOS, Linux or ChromeOS). Phones, iPads, Safari and Firefox cannot use them: use the keys below instead.

- Philips ACC2310, ACC2320 and ACC2330 foot controls
- Infinity IN-USB foot pedals
- Olympus RS31H foot switch, in Olympus mode
- Philips SpeechMike Premium, Premium Touch, Premium Air, SpeechMike III, SpeechMike Ambient and SpeechOne

A pedal that works as a keyboard cannot be read this way. Set it to send **F7** (rewind), **F4** (play or pause) and **F8** (forward) and it works in any browser.

## Connect it once

1. Open a dictation to type.
2. In the player, press **Connect foot pedal or SpeechMike** and pick your device in the browser's list.

The browser remembers it: next time it connects by itself, also when you plug it in after the page opened. If several Wardnote tabs are open, the one you used last follows the pedal.

## The pedals

- **Left**: rewinds while held. **Right**: goes forward while held. Both move without sound, five times faster than playing.
- **Centre**: plays. How depends on your *Foot pedal mode* in **Preferences › Playing dictations**:
  - **Basic** (the default): hold the play pedal to listen; let go to stop.
  - **Advanced**: press once to start and once more to stop.
- The ACC2330's fourth pedal (end of letter) saves the letter as a version, like **Ctrl+S**. The Olympus RS31H's small top pedal starts or stops playback.

Each time playback starts again after a pause it goes back a little, 2 seconds unless you choose otherwise (0 to 10) under *Auto-rewind* in the same preferences.

## No pedal?

- **F4** or **F9**: play or pause, also while typing in the letter
- **F7** (hold): rewind; **F8** (hold): fast-forward
- **Space**, and **←** / **→** (3 seconds), when you are not typing in a text field

IT can grant the pedals to Wardnote for every computer with the browser policy *WebHidAllowDevicesForUrls*, so nobody has to connect them by hand.
`,
  },
  {
    title: 'Approving letters offline',
    tags: ['approval', 'offline', 'review', 'author'],
    body: `Authors can read, correct and approve their letters without a signal, on a ward or a train.

## What is kept on your device

While you are online, the letters waiting for your approval are copied to this device with their audio, encrypted: when your approval list loads, every five minutes while Wardnote is open, and when you press **Sync now** in **Preferences › Offline review**. Urgent and newest letters come first. Every letter's text is kept; audio is added while it fits in the space you choose there (50 MB, 200 MB — the default — 500 MB or 1 GB).

## Offline

- Your approval list and the letters open from the copy, with the notice **offline — last synced** and the time.
- Read the letter, play the audio, correct what you need, then press **Approve** (or **Q**).
- You see *Saved on this device; it will be sent when you are back online.* The approval is sent when the connection is back, after your last changes to the letter, so it always approves what you read.
- Back online, the list is asked for again at once and the notice goes.

## Good to know

- If someone changed the letter on the server in the meantime, your copy is not silently overwritten: Wardnote shows both so you can choose.
- **Approving several letters at once** from the list needs a connection, and each letter must have been opened at least once while online. A letter opened only from the offline copy does not count as opened.
- Signing out deletes the copies. **Remove offline copies** in Preferences deletes them too; nothing changes on the server.
`,
  },
  {
    title: 'What “secretarial cover” means',
    tags: ['secretarial-cover', 'approval', 'delegation'],
    body: `Normally only the author approves their own letters. **Secretarial cover** is the author's permission for a secretary or manager of the trust to approve a letter on their behalf.

## Two ways to give it

**For one letter.** When an author opens one of their dictations that is still waiting for typing or being typed, Wardnote asks *Do you want to be redirected?* and brings it back to them for approval **with secretarial cover**. While it waits for approval, a secretary or manager may approve it for the author, as well as the author.

**For every letter of an author (a standing delegation).** The trust's administrator (a TrustAdmin, or a SiteAdmin for the people of their site) records it on the trust's configuration page under *Approval on an author's behalf*, for example "Jenny Walsh may approve for Daniel Reid". It lasts until it is revoked.

## Rules

- Only the author gives cover for a letter. A secretary or manager can hand a letter back to the author (with a reason, such as unclear audio), but never with cover.
- Cover lasts for that round: if the letter goes back for typing, it waits for the author again.
- A letter approved under cover is signed **"Approved by Jenny Walsh on behalf of Daniel Reid"** with the date, and its audit trail says which cover allowed it: the author's for that letter, or the standing delegation and who set it.
`,
  },
];

/** The demo trust's own article: what is set up for it in the demo. */
export const DEMO_TRUST_ARTICLE = {
  title: 'Demo NHS Foundation Trust: our letters and who to ask',
  tags: ['demo-trust', 'job-types', 'letters', 'support'],
  body: `What is set up for Demo NHS Foundation Trust in Wardnote.

## Sites

- **Demo General Hospital**: sign in with your e-mail and password.
- **Demo Community Hospital**: after your password, Wardnote asks for your PIN as well.

## Departments and job types

Departments: Cardiology (CAR), Respiratory (RES) and Orthopaedics (ORT).

| Job type | Sent to | Copied to |
| --- | --- | --- |
| Clinic Letter | patient, GP | clinician |
| Discharge Summary | GP | patient |
| Referral | clinician | GP, patient |

Each letter starts with its job type's headings, for example a Clinic Letter with *Diagnosis*, *Presenting complaint*, *Examination*, *Investigations*, *Plan*, *Medication changes* and *Information for the patient*. A Referral needs the **Referred to** field filled in.

## Typing and sending

- When the typing pool is full, managers can send dictations to our outsourcing partner, **Typing Partners Ltd**. Their letters come back to us for a check before they go to the author.
- Approved letters go to each recipient by e-mail when we have their address. The others, and every copy for a GP practice for now, are printed: secretaries and managers print them from the **Manual Distribution** tab and mark them posted.

## Who to ask

The service desk of Demo General Hospital: **servicedesk@demo-nhs.test**.
`,
};

export async function seedDemoKnowledge(db: Db): Promise<void> {
  const [{ n }] = (await db.select({ n: count() }).from(knowledgeArticles)) as [{ n: number }];
  if (Number(n) > 0) return;
  const [demo] = await db.select({ id: trusts.id }).from(trusts).where(eq(trusts.name, 'Demo NHS Foundation Trust'));
  const superAdmin = await findDemoUserId(db, 'superadmin@wardnote.test');
  await db.insert(knowledgeArticles).values(DEMO_GLOBAL_ARTICLES.map((a) => ({ ...a, trustId: null, updatedBy: superAdmin })));
  if (demo) {
    const trustAdmin = await findDemoUserId(db, 'trustadmin@wardnote.test');
    await db.insert(knowledgeArticles).values({ ...DEMO_TRUST_ARTICLE, trustId: demo.id, updatedBy: trustAdmin });
  }
}
