import { resolve } from 'node:path';
import { publicPageWeight } from './public-page-weight';
import { apiLatency } from './api-latency';

/** `npm run bench`: prints figures; nothing here passes or fails on time. */
async function main() {
  console.log(`node ${process.version}, ${new Date().toISOString()}\n`);
  console.log('== Public page weight (dist/public)');
  publicPageWeight(resolve(__dirname, '../../dist/public'));
  console.log('\n== API latency (SQLite, in process)');
  await apiLatency();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
