// The pre-deploy checks of the deploy config (firebase.deploy.json) and of firebase.json.
//
//   node scripts/deploy/deploy-check.mjs <config file>
//
// Hosting's (`hosting.predeploy`): a plain `firebase deploy` reads firebase.json, the config of
// `npm start` and the tests, whose Content-Security-Policy names the emulators on 127.0.0.1 and any
// *.firebaseapp.com; deploying it would ship a site that talks to this machine. This refuses it,
// saying how to deploy instead; the config `npm run build:deploy` writes (firebase.deploy.json)
// passes, as long as every rewrite names a function that answers requests, in the functions' own
// region (src/domain/region.ts): Hosting would send a request elsewhere with nothing to answer it.
//
//   node scripts/deploy/deploy-check.mjs --functions <functions folder>
//
// The functions' (their `predeploy` in firebase.deploy.json, with GCLOUD_PROJECT set by Firebase):
// refuses settings (the folder's .env and .env.<project-id>) the functions cannot start with, such
// as no SITE_ORIGINS.
import { readFileSync } from 'node:fs';
import {
  deployConfigProblems,
  functionsPlace,
  functionsSettingsProblems,
  readFunctionsSettings,
} from './deploy-config.mjs';

const [mode, target] = process.argv.slice(2);
if (mode === '--functions') {
  const project = process.env.GCLOUD_PROJECT;
  if (!project) {
    console.error("GCLOUD_PROJECT is not set: run this as the functions' pre-deploy step.");
    process.exit(1);
  }
  const problems = functionsSettingsProblems(readFunctionsSettings(target, project), project);
  if (problems.length > 0) {
    console.error(
      `The functions must not be deployed with these settings:\n${problems.map((line) => `  - ${line}`).join('\n')}\n` +
        'See docs/deploy.md.',
    );
    process.exit(1);
  }
} else {
  const text = readFileSync(mode, 'utf8');
  const problems = deployConfigProblems(text, await functionsPlace());
  if (problems.length > 0) {
    const local = 'emulators' in JSON.parse(text);
    console.error(
      `${mode} must not be deployed: ${problems.join('; ')}.\n` +
        (local
          ? 'It is the config of `npm start` and the tests. Deploy the production build instead:\n' +
            '  npm run build:deploy\n' +
            '  npx firebase deploy --config firebase.deploy.json --project <project-id>'
          : "Make firebase.json's rewrites name the functions' region (src/domain/region.ts), " +
            'then run `npm run build:deploy` again.'),
    );
    process.exit(1);
  }
}
