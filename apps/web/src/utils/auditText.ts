/** The audit renderer lives in the contract: the console and the server's audit export share it. */
export * from '@educrm/contract/audit-text';
