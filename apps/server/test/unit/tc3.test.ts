import { describe, expect, it } from 'vitest';
import { parseTc3Authorization, tc3Sign } from '../../src/providers/tencent/tc3';

describe('TC3-HMAC-SHA256 (providers/tencent/tc3.ts: SMS and LCIC)', () => {
  const example = {
    secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
    secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
    service: 'cvm',
    host: 'cvm.tencentcloudapi.com',
    contentType: 'application/json; charset=utf-8',
    payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
    timestamp: 1551113065,
  };

  it("reproduces Tencent Cloud's official CVM example", () => {
    const s = tc3Sign(example);
    expect(s.canonicalHash).toBe('5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031');
    expect(s.scope).toBe('2019-02-25/cvm/tc3_request');
    expect(s.signature).toBe('72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168');
    expect(s.authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });

  it('changes with the key and parses back from its header', () => {
    expect(tc3Sign({ ...example, secretKey: 'other' }).signature).not.toBe(tc3Sign(example).signature);
    expect(parseTc3Authorization(tc3Sign(example).authorization)).toEqual({
      secretId: example.secretId,
      date: '2019-02-25',
      service: 'cvm',
      signedHeaders: 'content-type;host',
      signature: '72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    });
    expect(parseTc3Authorization('Bearer x')).toBeNull();
  });
});
