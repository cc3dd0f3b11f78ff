// Hosting's pre-deploy check (firebase.json and firebase.deploy.json, `hosting.predeploy`): a plain
// `firebase deploy` reads firebase.json, the config of `npm start` and the tests, whose
// Content-Security-Policy names the emulators on 127.0.0.1 and any *.firebaseapp.com; deploying it
// would ship a site that talks to this machine. This refuses it, saying how to deploy instead; the
// config `npm run build:deploy` writes (firebase.deploy.json) passes.
//
//   node scripts/deploy-check.mjs <config file>
import { readFileSync } from 'node:fs';
import { deployConfigProblems } from './deploy-config.mjs';

const file = process.argv[2];
const problems = deployConfigProblems(readFileSync(file, 'utf8'));
if (problems.length > 0) {
  console.error(
    `${file} must not be deployed: ${problems.join('; ')}.\n` +
      'It is the config of `npm start` and the tests. Deploy the production build instead:\n' +
      '  npm run build:deploy\n' +
      '  npx firebase deploy --config firebase.deploy.json --project <project-id>',
  );
  process.exit(1);
}
