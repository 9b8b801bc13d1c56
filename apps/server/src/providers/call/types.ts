/** One outbound call handed to the telephony provider. */
export interface CallStartInput {
  /** Our call_record id: Aliyun OutId, echoed by every receipt. */
  recordId: number;
  /** The staff member's own phone (A of an AXB binding); may be empty for the sandbox. */
  callerMobile: string;
  /** The client's full mobile (B); never sent to the browser. */
  callee: string;
  /** Our caller number (X for a privacy number). */
  number: string;
  poolKey: string;
  expiresAt: Date;
  record: boolean;
}

export interface CallStartResult {
  /** The provider's id of the call or binding. */
  callId: string;
  /** The number the client sees (and, for AXB, the staff member dials). */
  displayNumber: string;
}

export type CallEvent = 'RING' | 'ANSWER' | 'END';
export type HangupSide = 'CALLER' | 'CALLEE' | 'PLATFORM' | 'UNKNOWN';

/** A call receipt, normalised. Missing fields are left as they are on the record. */
export interface CallReceipt {
  /** Unique per receipt at the provider: a second delivery of the same key is ignored. */
  key: string;
  /** Our call_record id (OutId), when the provider echoes it... */
  recordId: number | null;
  /** ...or the provider's call id. */
  callId: string | null;
  event: CallEvent;
  ringAt?: Date | null;
  answeredAt?: Date | null;
  endedAt?: Date | null;
  talkSeconds?: number;
  statusCode?: string;
  endReason?: string;
  hangupBy?: HangupSide;
  recordingUrl?: string | null;
  raw: unknown;
}

export interface CallProvider {
  readonly name: string;
  start(input: CallStartInput): Promise<CallStartResult>;
  test(): Promise<void>;
  parseReceipts(body: unknown): CallReceipt[];
  receiptAck(): unknown;
}
