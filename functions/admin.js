// @ts-check
// The Admin SDK as the function uses it, from functions/' own node_modules: the tests make their
// Firestore here too, so its FieldValues and the function's come from one copy of the SDK.
export { deleteApp, initializeApp } from 'firebase-admin/app';
export { getFirestore } from 'firebase-admin/firestore';
