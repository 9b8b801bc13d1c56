import type { Messages } from '../types';

/** Messages of the dict pages (en). Same keys in zh, en, es and ja (checked by keys.test.ts). */
const messages: Messages = {
  code: 'Code',
  codeHint: '1-32 letters, digits, underscores or hyphens, unique in this dictionary; used by integrations.',
  name: 'Name',
  sort: 'Order',
  sortHint: 'Smaller numbers come first',
  status: 'Status',
  statusHint:
    'A disabled entry can no longer be chosen for new clients and orders; existing records keep it.',
  remark: 'Remark',
  createdAt: 'Created',
  keyword: 'Keyword',
  keywordHint: 'Code or name',
  editTitle: 'Edit {{name}}',
  enable: 'Enable',
  disable: 'Disable',
  enabled: '{{name}} enabled',
  disabled: '{{name}} disabled',
  disableTitle: 'Disable {{name}}?',
  disableText:
    'It can no longer be chosen for new clients and orders; clients and orders that use it keep it. You can enable it again at any time.',
  deleteTitle: 'Delete {{name}}?',
  deleteText: 'Only entries no client or order uses can be deleted; disable entries that are in use.',
  inUseTitle: '{{name}} cannot be deleted',
  inUseOffer:
    'You can disable it instead: it can no longer be chosen, and existing records stay as they are.',
  inUseAlreadyDisabled: 'It is already disabled and can no longer be chosen.',
  disableInstead: 'Disable instead',
  platform: {
    create: 'New platform',
    createTitle: 'New source platform',
    created: 'Source platform created',
    type: 'Type',
    types: {
      OWN: 'Own channel',
      MARKETPLACE: 'Marketplace',
      OFFLINE: 'Offline',
    },
    syncEnabled: 'Order sync',
    syncHint:
      'When on, orders are synchronised from this platform on a schedule (the integration must be set up).',
    syncOn: 'On',
    syncOff: 'Off',
  },
  channel: {
    create: 'New channel',
    createTitle: 'New top-level channel',
    createChildTitle: 'New sub-channel of “{{name}}”',
    created: 'Channel created',
    addChild: 'Add sub-channel',
    parent: 'Parent channel',
    parentHint:
      'Channels have two levels: leave empty for a top-level channel, or pick the top-level channel it belongs to.',
    parentLocked: 'This channel has sub-channels, so it stays top-level.',
    topLevel: 'None (top-level channel)',
    level: 'Level',
    levelTop: 'Top-level',
    levelSub: 'Sub-channel',
  },
  grade: {
    create: 'New grade',
    createTitle: 'New grade',
    created: 'Grade created',
    stage: 'Stage',
    stages: {
      PRESCHOOL: 'Preschool',
      PRIMARY: 'Primary',
      JUNIOR: 'Junior high',
      SENIOR: 'Senior high',
      OTHER: 'Other',
    },
    nextGrade: 'Next grade',
    nextGradeHint:
      'When grades are advanced, clients in this grade move to the next grade; leave empty to keep them (e.g. “Graduated”).',
    nextGradeNone: 'Stays (no next grade)',
    advance: 'Advance grades',
    advanceTitle: 'Advance grades',
    advanceIntro:
      'Moves clients’ grades into the chosen academic year along “next grade”: one step for each year since the grade was set. An academic year starts on 1 September; running it twice for the same year changes nothing.',
    academicYear: 'Advance into',
    yearLabel: 'academic year {{from}}–{{to}}',
    advancePreview: 'Advance preview',
    fromGrade: 'Current grade',
    toGrade: 'Moves to',
    clients: 'Clients',
    previewTotal_one: '{{count}} client will move into {{year}}.',
    previewTotal_other: '{{count}} clients will move into {{year}}.',
    nothingToDo: 'No client needs to move: every grade is already set for {{year}}.',
    run: 'Advance',
    runRefused: 'Grades not advanced',
    confirmTitle: 'Advance into {{year}}?',
    confirmText_one:
      'The grade of {{count}} client will change. This is recorded in the audit log and cannot be undone automatically.',
    confirmText_other:
      'The grades of {{count}} clients will change. This is recorded in the audit log and cannot be undone automatically.',
    done: 'Grades advanced',
    resultText_one: '{{count}} client moved into {{year}}.',
    resultText_other: '{{count}} clients moved into {{year}}.',
  },
};

export default messages;
