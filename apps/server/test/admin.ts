export const adminToken = 'test-admin-token-0123456789';
export const adminHeaders = { authorization: `Bearer ${adminToken}` };
