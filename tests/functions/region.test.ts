// Every deployed function runs in the one region (src/domain/region.ts), read from the built
// functions as the Firebase CLI reads them when it deploys: it loads functions/lib/index.js and
// takes each export's endpoint. Together with the deploy check's test (Hosting's rewrites name
// that region and only these served functions), a scan cannot be sent to a region where no
// function answers it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FUNCTIONS_REGION, SERVED_FUNCTIONS } from '../../src/domain/region';

const functionsDir = fileURLToPath(new URL('../../functions', import.meta.url));

interface Endpoint {
  readonly region?: readonly string[];
  readonly httpsTrigger?: unknown;
  readonly scheduleTrigger?: unknown;
}

/** The built functions' endpoints, by export name, loaded in a process of their own. */
function deployedEndpoints(): Record<string, Endpoint> {
  if (!existsSync(`${functionsDir}/lib/index.js`)) {
    throw new Error('functions/lib/index.js is missing: run `npm run build` first.');
  }
  const script = `
    const functions = await import('./lib/index.js');
    const endpoints = Object.fromEntries(
      Object.entries(functions).map(([name, value]) => [name, value.__endpoint ?? null]),
    );
    process.stdout.write(JSON.stringify(endpoints));
    process.exit(0);
  `;
  const loaded = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: functionsDir,
    encoding: 'utf8',
    // What index.ts needs to start; nothing is called, so nothing is reached.
    env: {
      ...process.env,
      SITE_ORIGINS: 'http://127.0.0.1:4173',
      GCLOUD_PROJECT: 'demo-region',
      FIRESTORE_EMULATOR_HOST: '127.0.0.1:1',
    },
  });
  if (loaded.status !== 0) throw new Error(`The functions did not load: ${loaded.stderr}`);
  return JSON.parse(loaded.stdout) as Record<string, Endpoint>;
}

describe('the functions’ region', () => {
  it('is the one region of every deployed function, and the served ones are the rewrites’', () => {
    const endpoints = deployedEndpoints();
    expect(Object.keys(endpoints).length).toBeGreaterThan(SERVED_FUNCTIONS.length);
    for (const [name, endpoint] of Object.entries(endpoints)) {
      expect(endpoint.region, name).toEqual([FUNCTIONS_REGION]);
    }
    const served = Object.keys(endpoints).filter((name) => endpoints[name]!.httpsTrigger);
    expect(served.sort()).toEqual([...SERVED_FUNCTIONS].sort());
  });
});
