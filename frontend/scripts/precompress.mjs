// A build step: a brotli (.br) and a gzip (.gz) copy beside every script and style sheet the build
// writes under assets/, compressed once at the strongest settings (brotli 11, gzip 9). The server
// sends the copy the browser takes (crates/http/src/spa.rs) instead of compressing the file again
// on every request at the light setting that affords.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** What is worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|svg|json)$/;

/** Writes the compressed copies of every compressible file in `folder`. */
export async function precompress(/** @type {string} */ folder) {
  const names = (await readdir(folder)).filter((name) => COMPRESSIBLE.test(name));
  await Promise.all(
    names.map(async (name) => {
      const file = join(folder, name);
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
}

/** The Vite plugin: compresses the assets once the production build has written them. */
export function precompressPlugin() {
  /** @type {string} */
  let assets = '';
  return /** @type {import('vite').Plugin} */ ({
    name: 'oppas-precompress',
    apply: 'build',
    configResolved(config) {
      assets = join(config.root, config.build.outDir, config.build.assetsDir);
    },
    async writeBundle() {
      await precompress(assets);
    },
  });
}
