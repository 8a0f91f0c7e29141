// Bundles the server (and the workspace packages it uses, which ship TypeScript sources) into dist/.
// Third-party packages stay external and load from node_modules.
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

await build({
  entryPoints: ['src/main.ts', 'src/cli/seed.ts', 'src/cli/create-user.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalThirdParty],
  logLevel: 'info',
});
