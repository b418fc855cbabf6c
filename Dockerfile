# The server's image: one stateless process of the deployment (compose.yaml runs two behind nginx). The build stage
# installs everything and builds; the final stage gets only what a running process reads.

FROM node:20-bookworm-slim AS build
# better-sqlite3 compiles itself when no prebuilt binary fits: node-gyp needs these.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# The npm of the developers' machines: it honours package.json's allowScripts (only the listed packages run their
# install scripts), which the npm 10 of the node:20 image would ignore, running every dependency's.
RUN npm install -g npm@11.19.1 --no-audit --no-fund
WORKDIR /app
# The lock file alone first, so a change to the sources does not install everything again.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The app (dist/), the landing's server renderer (dist-ssr/), the studio (dist-studio/) and the server
# (dist-server/main.js). The client's public SDK keys (VITE_*) are read here, at build time, from the environment or a
# .env.production file in the build context.
RUN node scripts/build.mjs --quiet
# The place index, built once here: without it every process builds it at each start (10 to 15 s on 2 cores) and
# cannot keep it, since the final image is read-only to its user. Its name carries the data packages' and tz versions,
# which the pruned node_modules keeps, so the server finds it.
RUN GAZETTEER_CACHE_DIR=/app/place-index npx tsx scripts/place-index.ts
# Only the runtime dependencies ship (the native better-sqlite3 build stays as compiled above).
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 ROOT_DIR=/app GAZETTEER_CACHE_DIR=/app/place-index
WORKDIR /app
# package.json makes dist-server/main.js and dist-ssr/prerender.js ES modules ("type": "module"); the bundles import
# their packages from node_modules at run time.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist-server ./dist-server
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-ssr ./dist-ssr
COPY --from=build /app/dist-studio ./dist-studio
# The flow files seed an empty flow store; the personas are the editor's replay journeys.
COPY --from=build /app/flows ./flows
COPY --from=build /app/place-index ./place-index
# Everything above stays root's, so the process cannot change its own code. The one place it may write: the SQLite
# database and generated session secret when run without DATABASE_URL and SESSION_SECRET (mount a volume there).
RUN mkdir data && chown node:node data
USER node
EXPOSE 3000
# No curl in the slim image: Node's own fetch asks the process whether it is alive.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist-server/main.js"]
