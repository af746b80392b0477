# syntax=docker/dockerfile:1
# Portico's container image (issue 31 point 2): built from this repository alone. The first stage
# installs exactly the lock file and builds the web app (web/dist, web/dist-ssr) and the server
# (server/dist, its migrations beside it); the second keeps the production dependencies and those
# builds, and runs as the unprivileged `node` user. Configuration: docs/configuration.md (in
# production COOKIE_KEYS, ENCRYPTION_KEY and JWKS are required, and SMTP_URL and SMS_URL unless
# DEV_OUTBOX=true). e2e/container-layout.e2e.ts starts the server from the files this copies.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY server/package.json server/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/ensure-built.mjs && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/contracts ./contracts
COPY --from=build /app/server/package.json ./server/package.json
COPY --from=build /app/server/node_modules ./server/node_modules
COPY --from=build /app/server/dist ./server/dist
# The operators' command line: `docker compose exec portico npx portico <command>` (server/src/cli/main.ts).
COPY --from=build /app/server/bin ./server/bin
COPY --from=build /app/web/package.json ./web/package.json
COPY --from=build /app/web/dist ./web/dist
COPY --from=build /app/web/dist-ssr ./web/dist-ssr
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--max-semi-space-size=16", "server/dist/main.js"]
