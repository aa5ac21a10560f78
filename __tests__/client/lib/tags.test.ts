import { idTag, invalidateOnSuccess, listTag } from '../../../src/client/lib/tags';

describe('invalidateOnSuccess', () => {
  it('gives the tags when the mutation succeeded, and none when it failed', () => {
    const tags = invalidateOnSuccess(['Account', listTag('ReportList', 'premium')]);
    expect(tags({ success: true }, undefined, undefined)).toEqual(['Account', { type: 'ReportList', id: 'premium' }]);
    expect(tags(undefined, { status: 400, data: { success: false } }, undefined)).toEqual([]);
  });

  it('gives the tags its argument names, only when the mutation succeeded', () => {
    const tags = invalidateOnSuccess((arg: { report_id: number }) => [idTag('Report', arg.report_id), 'PendingList']);
    expect(tags({ success: true }, undefined, { report_id: 7 })).toEqual([{ type: 'Report', id: 7 }, 'PendingList']);
    expect(tags(undefined, { status: 'FETCH_ERROR' }, { report_id: 7 })).toEqual([]);
  });
});
