import { describe, expect, it } from 'vitest';
import {
  decryptMessage,
  encryptMessage,
  MAX_CALLBACK_XML,
  msgSignature,
  newCallbackToken,
  newEncodingAesKey,
  openCallback,
  openCallbackBody,
  parseFlatXml,
  sealCallback,
  WecomCryptoError,
} from '../../src/providers/wecom/crypto';

const err = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e as WecomCryptoError;
  }
  throw new Error('expected a refusal');
};

// Tencent's official sample values (reference/providers.md section 1.5).
const TOKEN = 'QDG6eK';
const KEY = 'jWmYm7qr5nMoAUwZRjGtBxmz3KA1tkAj3ykkR6q2B2C';
const CORP = 'wx5823bf96d3bd56c7';
const keys = { token: TOKEN, encodingAesKey: KEY, receiveId: CORP };

const ECHOSTR = 'P9nAzCzyDtyTWESHep1vC5X9xho/qYX3Zpb4yKa9SKld1DsH3Iyt3tP3zNdtp+4RPcs8TgAE7OaBO+FZXvnaqQ==';
const POST_ENCRYPT =
  'RypEvHKD8QQKFhvQ6QleEB4J58tiPdvo+rtK1I9qca6aM/wvqnLSV5zEPeusUiX5L5X/0lWfrf0QADHHhGd3QczcdCUpj911L3vg3W/sYYvuJTs3TUUkSUXxaccAS0qhxchrRYt66wiSpGLYL42aM6A8dTT+6k4aSknmPj48kzJs8qLjvd4Xgpue06DOdnLxAUHzM6+kDZ+HMZfJYuR+LtwGc2hgf5gsijff0ekUNXZiqATP7PF5mZxZ3Izoun1s4zG4LUMnvw2r+KqCKIw+3IQH03v+BCA9nMELNqbSf6tiWSrXJB3LAVGUcallcrw8V2t9EL4EhzJWrQUax5wLVMNS0+rUPA3k22Ncx4XXZS9o0MBH27Bo6BpNelZpS+/uh9KsNlY6bHCmJU9p8g7m3fVKn28H3KDYA5Pl/T8Z1ptDAVe0lXdQ2YoyyH2uyPIGHBZZIs2pDBS8R07+qN+E7Q==';
const ADD_CONTACT_XML =
  '<xml><ToUserName><![CDATA[wx5823bf96d3bd56c7]]></ToUserName><FromUserName><![CDATA[sys]]></FromUserName><CreateTime>1403610513</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[change_external_contact]]></Event><ChangeType><![CDATA[add_external_contact]]></ChangeType><UserID><![CDATA[zhangsan]]></UserID><ExternalUserID><![CDATA[woAJ2GCAAAXtWyujaWJHDDGi0mAAAA]]></ExternalUserID><State><![CDATA[teststate]]></State><WelcomeCode><![CDATA[WELCOMECODE]]></WelcomeCode></xml>';

describe('WeCom callback crypto: official test vectors', () => {
  it('GET URL verification: signature over echostr, plaintext and receive id', () => {
    expect(msgSignature(TOKEN, '1409659589', '263014780', ECHOSTR)).toBe(
      '5c45ff5e21c57e6ad56bac8758b79b1d9ac89fd3',
    );
    const out = decryptMessage(KEY, ECHOSTR);
    expect(out).toEqual({ message: '1616140317555161061', receiveId: CORP });
    expect(
      openCallback(
        keys,
        {
          msg_signature: '5c45ff5e21c57e6ad56bac8758b79b1d9ac89fd3',
          timestamp: '1409659589',
          nonce: '263014780',
        },
        ECHOSTR,
      ),
    ).toBe('1616140317555161061');
  });

  it('POST event: signature and the decrypted text message', () => {
    expect(msgSignature(TOKEN, '1409659813', '1372623149', POST_ENCRYPT)).toBe(
      '477715d11cdb4164915debcba66cb864d751f3e6',
    );
    const msg = openCallback(
      keys,
      {
        msg_signature: '477715d11cdb4164915debcba66cb864d751f3e6',
        timestamp: '1409659813',
        nonce: '1372623149',
      },
      POST_ENCRYPT,
    );
    const fields = parseFlatXml(msg);
    expect(fields.FromUserName).toBe('mycreate');
    expect(fields.Content).toBe('hello');
    expect(fields.AgentID).toBe('218');
    expect(fields.MsgType).toBe('text');
  });

  it('deterministic encryption matches the reference output byte for byte', () => {
    const enc = encryptMessage(KEY, 'hello', CORP, Buffer.alloc(16, 0x61));
    expect(enc).toBe(
      '2JaQ0H0H/TuqGM/rDRTva4KCBErkgircbFwsPJSPsxzi7ka4YRr9o885RlUBNjmEP+IcHF9gBW7EGFNZAGN0AA==',
    );
    expect(msgSignature(TOKEN, '1409659813', '1372623149', enc)).toBe(
      '2e1f621b0b4e508450bd0f3a18b72ec3b9ae0139',
    );
  });

  // The §1.4 event on one line, ToUserName = the corp id (as a self-built app receives it).
  it('the add_external_contact vector: same signature as the official library', () => {
    const sealed = sealCallback(keys, ADD_CONTACT_XML, {
      timestamp: '1700000000',
      nonce: '42',
      random: Buffer.from('0123456789abcdef'),
    });
    expect(sealed.signature).toBe('d370500e44cfd934dfcfaf5119014430ff673757');
    const fields = parseFlatXml(
      openCallback(
        keys,
        { msg_signature: sealed.signature, timestamp: '1700000000', nonce: '42' },
        sealed.encrypt,
      ),
    );
    expect(fields).toMatchObject({
      Event: 'change_external_contact',
      ChangeType: 'add_external_contact',
      UserID: 'zhangsan',
      ExternalUserID: 'woAJ2GCAAAXtWyujaWJHDDGi0mAAAA',
      State: 'teststate',
      CreateTime: '1403610513',
    });
    expect(parseFlatXml(sealed.body).ToUserName).toBe(CORP);
  });
});

describe('WeCom callback crypto: refusals', () => {
  const q = {
    msg_signature: '5c45ff5e21c57e6ad56bac8758b79b1d9ac89fd3',
    timestamp: '1409659589',
    nonce: '263014780',
  };

  it('refuses a wrong signature, another corp and a wrong key', () => {
    expect(err(() => openCallback(keys, { ...q, nonce: '1' }, ECHOSTR)).code).toBe(-40001);
    expect(err(() => openCallback({ ...keys, receiveId: 'wwOtherCorp' }, q, ECHOSTR)).code).toBe(-40005);
    const other = newEncodingAesKey();
    const wrongKey = err(() => decryptMessage(other, ECHOSTR));
    expect(wrongKey).toBeInstanceOf(WecomCryptoError);
    expect(err(() => decryptMessage('short', ECHOSTR)).code).toBe(-40004);
    expect(err(() => decryptMessage(KEY, 'abc')).code).toBe(-40008);
  });

  it('round-trips padding boundaries and multibyte text; generated keys are valid', () => {
    for (const len of [0, 1, 11, 12, 13, 31, 32, 33, 100]) {
      const msg = '企'.repeat(len);
      const enc = encryptMessage(KEY, msg, CORP);
      expect(decryptMessage(KEY, enc)).toEqual({ message: msg, receiveId: CORP });
    }
    const k = newEncodingAesKey();
    expect(k).toMatch(/^[a-zA-Z0-9]{43}$/);
    expect(decryptMessage(k, encryptMessage(k, 'x', 'ww1')).message).toBe('x');
    expect(newCallbackToken()).toMatch(/^[a-zA-Z0-9]{24}$/);
  });
});

describe('WeCom callback XML: bounded work on hostile bodies', () => {
  const q = {
    msg_signature: '477715d11cdb4164915debcba66cb864d751f3e6',
    timestamp: '1409659813',
    nonce: '1372623149',
  };
  const hostile = '<a><![CDATA['.repeat(5000);

  it('an unterminated CDATA section is refused at the first one (no rescans of the rest)', () => {
    expect(err(() => parseFlatXml(`<xml>${hostile}</xml>`)).code).toBe(-40002);
  });

  it('over the size cap is refused before reading, even when well formed', () => {
    const big = `<xml><A>${'x'.repeat(MAX_CALLBACK_XML)}</A></xml>`;
    expect(err(() => parseFlatXml(big)).code).toBe(-40002);
  });

  it('the signature is checked before the body is parsed', () => {
    const body = `<xml><Encrypt><![CDATA[${POST_ENCRYPT}]]></Encrypt>${hostile}</xml>`;
    expect(err(() => openCallbackBody(keys, { ...q, nonce: '1' }, body)).code).toBe(-40001);
    // with WeCom's signature only the decrypted message is parsed
    expect(openCallbackBody(keys, q, body)).toMatchObject({ Content: 'hello', MsgType: 'text' });
  });

  it('reads nested elements as flat fields and keeps the first of a repeated name', () => {
    const fields = parseFlatXml(
      '<xml>\n <A><![CDATA[1]]></A>\n <Info><Count>2</Count><B><![CDATA[x<y]]></B></Info><A>3</A><__proto__>p</__proto__></xml>',
    );
    expect({ ...fields }).toMatchObject({ A: '1', Count: '2', B: 'x<y' });
    expect(Object.getOwnPropertyDescriptor(fields, '__proto__')?.value).toBe('p');
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
  });
});
