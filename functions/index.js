// @ts-check
// The site's Cloud Functions (2nd gen, Node 20). One: `qr`, the short links' redirect, which
// firebase.json's Hosting rewrite sends /q/** to (see redirect.js).
import { getFirestore, initializeApp } from './admin.js';
import { onRequest } from 'firebase-functions/v2/https';
import { answerScan } from './redirect.js';

initializeApp();

export const qr = onRequest(
  // us-central1: Hosting rewrites reach 2nd-gen functions there by default. A scan is a read and a
  // write; one instance answers many at once.
  { region: 'us-central1', memory: '256MiB', concurrency: 80, maxInstances: 10 },
  (request, response) => answerScan(getFirestore(), request, response),
);
