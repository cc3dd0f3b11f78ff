// `npm run build:deploy`: the production build to deploy. Unlike `npm run build` (which falls back
// to the local emulators and inbox on 127.0.0.1 for `npm start` and the tests), it refuses to run
// without the real project's variables (from the environment or .env, see .env.example) and the
// functions' settings (functions/.env.<project-id>: SITE_ORIGINS), listing each one missing;
// builds dist/; refuses a build that still names a local address; and writes
// firebase.deploy.json, firebase.json with the deployed Content-Security-Policy (no 127.0.0.1,
// the project's own auth domain, the form service's origin) and no emulator settings. Deploy with
// `npx firebase deploy --config firebase.deploy.json --project <project-id>` (docs/deploy.md).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import {
  deployConfig,
  deployProblems,
  functionsPlace,
  functionsSettingsProblems,
  localAddressesIn,
  readFunctionsSettings,
  rewriteProblems,
} from './deploy-config.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
// .env, .env.production and their .local files, then the environment, which wins.
const env = loadEnv('production', root, 'VITE_');

const local = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
const problems = deployProblems(env);
// Rewrites that send requests where no function answers (Hosting's pre-deploy check refuses them
// again), caught before the build.
problems.push(
  ...rewriteProblems(local, await functionsPlace()).map((problem) => `firebase.json: ${problem}.`),
);
// The functions' own settings (functions/.env.<project-id>), which the functions' pre-deploy step
// checks again: caught here first, before a build of several minutes.
const project = env.VITE_FIREBASE_PROJECT_ID?.trim();
if (project) {
  problems.push(
    ...functionsSettingsProblems(readFunctionsSettings(join(root, 'functions'), project), project),
  );
}
if (problems.length > 0) {
  console.error(
    `A deploy build needs the real services' settings:\n${problems.map((line) => `  - ${line}`).join('\n')}\n` +
      "Set them in the environment or in .env (see .env.example), the functions' in " +
      'functions/.env.<project-id> (docs/deploy.md), then run `npm run build:deploy` again.',
  );
  process.exit(1);
}

const build = spawnSync(join(root, 'node_modules/.bin/vite'), ['build'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ...env },
});
if (build.status !== 0) process.exit(build.status ?? 1);

const dist = join(root, 'dist');
const shipped = readdirSync(dist, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.(js|html|json|webmanifest|css)$/.test(file))
  .flatMap((file) =>
    localAddressesIn(readFileSync(join(dist, file), 'utf8')).map(
      (address) => `${file}: ${address}`,
    ),
  );
if (shipped.length > 0) {
  console.error(
    `The build still names local addresses, so it must not be deployed:\n  ${shipped.join('\n  ')}`,
  );
  process.exit(1);
}

const config = deployConfig(local, env, 'firebase.deploy.json');
writeFileSync(join(root, 'firebase.deploy.json'), `${JSON.stringify(config, null, 2)}\n`);
console.log(
  '\nDeploy build ready in dist/, with firebase.deploy.json (its Content-Security-Policy names only ' +
    'the configured services). Deploy with:\n' +
    `  npx firebase deploy --config firebase.deploy.json --project ${env.VITE_FIREBASE_PROJECT_ID}\n`,
);
