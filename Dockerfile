# The site's container image: multi-stage — dependencies, build, runtime.
#
#   docker build -t story-voice-site .
#   docker run --init -p 3000:3000 -v story-voice-data:/data story-voice-site
#
# The base comes from NODE_IMAGE (default: the official Node 24 LTS image), so a machine without
# Docker Hub can build against a local stand-in (scripts/ensure-docker.ts). Only classic-builder
# syntax: no BuildKit features.
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- Every dependency, for the build. Scripts are not run: the base image brings Node itself.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund

# ---- Production dependencies only, for the runtime.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

# ---- The client and server bundles, artwork and precompressed files (dist/).
FROM deps AS build
COPY . .
RUN node scripts/build.ts

# ---- What runs: production node_modules, dist/, server.ts and the server code it imports.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    METRICS_PORT=9464 \
    DATA_DIR=/data \
    BUILD_DIR=dist
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json server.ts ./
COPY src/server ./src/server
COPY src/lib/seo/robots.ts src/lib/seo/urls.ts ./src/lib/seo/
COPY src/lib/privacy-notice.ts src/lib/enquiry-fields.ts src/lib/enquiry-outcomes.ts ./src/lib/
COPY src/site.config.ts ./src/
# The enquiries CLI (list, export, erase, purge, retry): docker exec <container> node scripts/enquiries.ts
COPY scripts/enquiries.ts ./scripts/
# /data holds the SQLite database and the generated form secret; everything else is read-only.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000 9464
# Liveness without curl: Node's fetch against /healthz.
HEALTHCHECK --interval=5s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# server.ts handles SIGTERM itself (drain, then exit 0), so node may run as PID 1; `--init`
# adds zombie reaping on top.
STOPSIGNAL SIGTERM
CMD ["node", "server.ts"]
