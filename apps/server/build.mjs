// Bundles the server (and the workspace packages it uses, which ship TypeScript sources) into dist/.
// Third-party packages stay external and load from node_modules.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const externalThirdParty = {
  name: 'external-third-party',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@icehouse/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

// A fresh folder: chunks of earlier builds would be hashed into the documents' code key (archive.ts).
rmSync('dist', { recursive: true, force: true });

await build({
  entryPoints: ['src/main.ts', 'src/cli/seed.ts', 'src/cli/create-user.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // The app's modules in chunks of their own, so that main.js can load them while the database opens. The
  // chunks sit beside main.js: paths the code resolves from its own file (the web app's folder) stay right.
  splitting: true,
  chunkNames: '[name]-[hash]',
  sourcemap: true,
  plugins: [externalThirdParty],
  logLevel: 'info',
});
