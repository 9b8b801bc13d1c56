import { callKeys, listCalls } from '../../../api/calls';
import { CallList } from './CallList';
import { SmsLogList } from './SmsLogList';

/** The client drawer's calls tab. */
export const ClientCallsTab = ({ clientId }: { clientId: number }) => (
  <CallList
    queryKey={callKeys.callsOfClient(clientId)}
    fetch={(params) => listCalls({ ...params, clientId })}
    showClient={false}
  />
);

/** The client drawer's SMS tab. */
export const ClientSmsTab = ({ clientId }: { clientId: number }) => (
  <SmsLogList queryKey={callKeys.logsOfClient(clientId)} filter={{ clientId }} />
);
