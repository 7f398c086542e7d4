# The site's container image: a build stage and a runtime stage that holds only the build output
# (docs/decisions/004-container-image-and-probes.md, docs/decisions/010-server-bundle.md).
#
#   docker build -t story-voice-site .
#   docker run --init -p 3000:3000 -v story-voice-data:/data \
#     -e SITE_URL=https://www.example.com story-voice-site
#
# SITE_URL is required: without it the container stops at once with one line naming it.
#
# The base comes from NODE_IMAGE (default: the official Node 24 LTS image), so a machine without
# Docker Hub can build against a local stand-in (scripts/ensure-docker.ts). Only classic-builder
# syntax: no BuildKit features.
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- The build: every dependency, then the client files, artwork, precompressed copies and the
# server bundles (dist/). Install scripts are not run: the base image brings Node itself.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN node scripts/build.ts

# ---- The production dependencies alone: sharp, native (libvips in @img/sharp-libvips-*), which
# re-encodes uploaded images and cannot be bundled
# (docs/decisions/051-uploaded-images-re-encoded-in-the-database.md). npm picks the binaries of
# this stage's platform; their install scripts are not needed (the binaries are prebuilt).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# ---- What runs: dist/ and sharp's node_modules, nothing else. The server
# (dist/server/server.js) and the CLIs (dist/server/enquiries.js, content.js) are bundles with
# every other dependency inlined, so there is no source file here.
FROM ${NODE_IMAGE} AS runtime
# MALLOC_ARENA_MAX: glibc gives each thread that allocates (libuv's pool compressing the pages at
# start, SQLite) its own malloc arena and keeps them; two arenas hold an idle instance about 15 MB
# smaller (docs/decisions/010-server-bundle.md).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    METRICS_PORT=9464 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The content CLI (export, import, history; docs/operations/content.md):
#   docker exec <container> node dist/server/content.js history
# The enquiries CLI (list, export, erase, purge, retry, staff invite|list|disable|enable|audit,
# backup, restore):
#   docker exec <container> node dist/server/enquiries.js list
# /data holds the SQLite database and the generated form secret; everything else is read-only.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000 9464
# Liveness without curl: Node's fetch against /healthz.
HEALTHCHECK --interval=5s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server handles SIGTERM itself (drain, then exit 0), so node may run as PID 1; `--init`
# adds zombie reaping on top. Source maps turn stack traces in the logs into source lines; a
# 1 MiB young generation keeps an idle instance small (docs/decisions/010-server-bundle.md).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "--max-semi-space-size=1", "dist/server/server.js"]
