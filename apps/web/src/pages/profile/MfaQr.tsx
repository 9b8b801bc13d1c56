import { QRCode } from 'antd';

/** The otpauth:// QR code (its own lazy chunk: only the enrolment step loads it). */
const MfaQr = ({ value, label }: { value: string; label: string }) => (
  <div role="img" aria-label={label} data-testid="mfa-qr">
    <QRCode value={value} size={176} bordered errorLevel="M" />
  </div>
);

export default MfaQr;
