#!/usr/bin/env node
// Checks the first-load JavaScript budget: the entry script and every chunk dist/index.html
// preloads, gzipped as the server sends them. Lazy pages are not counted: they load later.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const LIMIT_KB = 150;
const dist = fileURLToPath(new URL('../dist/', import.meta.url));

/** @type {string} */
let html;
try {
  html = readFileSync(`${dist}index.html`, 'utf8');
} catch {
  console.error('dist/index.html is missing: run `npm run build` first');
  process.exit(1);
}

/** @param {string} tag @param {string} name */
const attribute = (tag, name) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];

/** @type {Set<string>} */
const scripts = new Set();
for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
  const src = attribute(tag, 'src');
  if (src) scripts.add(src);
}
for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
  const href = attribute(tag, 'href');
  if (attribute(tag, 'rel') === 'modulepreload' && href) scripts.add(href);
}

if (scripts.size === 0) {
  console.error('dist/index.html references no script');
  process.exit(1);
}

let totalBytes = 0;
for (const src of scripts) {
  const bytes = gzipSync(readFileSync(`${dist}${src.replace(/^\//, '')}`)).length;
  totalBytes += bytes;
  console.log(`  ${src}: ${(bytes / 1000).toFixed(1)} KB`);
}

const totalKb = totalBytes / 1000;
console.log(`first-load JS: ${totalKb.toFixed(1)} KB gzipped (limit ${LIMIT_KB} KB)`);
if (totalKb > LIMIT_KB) {
  console.error(`over budget by ${(totalKb - LIMIT_KB).toFixed(1)} KB`);
  process.exit(1);
}
