# One image serves everything: the API, tRPC and the built web app, rendering PDFs with Debian's Chromium.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json turbo.json tsconfig.base.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY packages/db/package.json packages/db/
COPY e2e/package.json e2e/
# Fixes to dependencies, applied by npm ci's postinstall (patch-package).
COPY patches/ patches/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium fonts-dejavu-core ca-certificates \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production CHROME_PATH=/usr/bin/chromium PORT=3000
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 3000
CMD ["node", "apps/server/dist/main.js"]
