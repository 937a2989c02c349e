#!/usr/bin/env bash
# Build a release tarball of ./src into ./dist with checksums.
# Scratch files live in ./.build-tmp and are removed by an EXIT trap,
# even when the build fails half way.
set -euo pipefail

PROJECT_NAME="${PROJECT_NAME:-$(basename "$PWD")}"
VERSION="${1:-$(git describe --tags --always 2>/dev/null || echo 0.0.0)}"
SCRATCH="./.build-tmp"
DIST="./dist"
VERBOSE="${VERBOSE:-0}"

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
debug() { [ "$VERBOSE" = "1" ] && log "debug: $*" || true; }

cleanup() {
    local rc=$?
    if [ -d "$SCRATCH" ]; then
        debug "removing $SCRATCH"
        rm -rf -- "$SCRATCH"
    fi
    if [ "$rc" -ne 0 ]; then
        log "build failed with status $rc"
    fi
    exit "$rc"
}
trap cleanup EXIT
trap 'log "interrupted"; exit 130' INT TERM

os_name() {
    if [ -r /etc/os-release ]; then
        # shellcheck disable=SC1091
        . /etc/os-release
        echo "${ID:-linux}-${VERSION_ID:-unknown}"
    else
        uname -s
    fi
}

stage_sources() {
    mkdir -p "$SCRATCH/$PROJECT_NAME-$VERSION"
    local count=0
    while IFS= read -r -d '' f; do
        rel="${f#./src/}"
        mkdir -p "$SCRATCH/$PROJECT_NAME-$VERSION/$(dirname "$rel")"
        cp -p -- "$f" "$SCRATCH/$PROJECT_NAME-$VERSION/$rel"
        count=$((count + 1))
    done < <(find ./src -type f ! -name '*.pyc' ! -path '*/__pycache__/*' -print0)
    log "staged $count files"
}

write_buildinfo() {
    cat > "$SCRATCH/$PROJECT_NAME-$VERSION/BUILDINFO" <<INFO
name=$PROJECT_NAME
version=$VERSION
built_on=$(os_name)
built_at=$(date -u +%Y-%m-%dT%H:%M:%SZ)
INFO
}

package() {
    mkdir -p "$DIST"
    local tarball="$DIST/$PROJECT_NAME-$VERSION.tar.gz"
    tar -C "$SCRATCH" -czf "$tarball" "$PROJECT_NAME-$VERSION"
    ( cd "$DIST" && md5sum -- "$(basename "$tarball")" > "$(basename "$tarball").md5" \
        && sha256sum -- "$(basename "$tarball")" > "$(basename "$tarball").sha256" )
    chmod 0600 "$tarball.md5" "$tarball.sha256"
    log "wrote $tarball"
}

[ -d ./src ] || { log "no ./src directory here"; exit 2; }
stage_sources
write_buildinfo
package
