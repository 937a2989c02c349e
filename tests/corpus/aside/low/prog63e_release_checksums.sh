#!/usr/bin/env bash
# Produce SHA256SUMS and a keyed checksum file for a release directory.
# The HMAC key comes from RELEASE_HMAC_KEY and is used locally only; the
# resulting files are written next to the artifacts for a later upload step.
set -euo pipefail

DIST_DIR="${DIST_DIR:-dist}"
OUT_DIR="${OUT_DIR:-release-meta}"
VERSION=""
VERBOSE=0

usage() {
    cat <<USAGE
usage: $0 -v VERSION [-d DIST_DIR] [-o OUT_DIR] [-x]
  -v  release version (required)
  -d  directory with artifacts (default: dist)
  -o  output directory (default: release-meta)
  -x  verbose
USAGE
}

log() { printf '[checksums] %s\n' "$*" >&2; }
debug() { [ "$VERBOSE" -eq 1 ] && log "$@" || true; }

while getopts ":v:d:o:xh" opt; do
    case "$opt" in
        v) VERSION="$OPTARG" ;;
        d) DIST_DIR="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        x) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[ -n "$VERSION" ] || { usage; exit 2; }
[ -d "$DIST_DIR" ] || { log "no such directory: $DIST_DIR"; exit 1; }

build_host_info() {
    local distro="unknown" cpus
    if [ -r /etc/os-release ]; then
        # shellcheck disable=SC1091
        distro="$(. /etc/os-release && printf '%s %s' "${ID:-?}" "${VERSION_ID:-?}")"
    fi
    cpus="$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo 1)"
    printf 'built_on=%s\ncpus=%s\n' "$distro" "$cpus"
}

mkdir -p "$OUT_DIR"
sums="$OUT_DIR/SHA256SUMS"
keyed="$OUT_DIR/SHA256SUMS.hmac"
: > "$sums"

count=0
for artifact in "$DIST_DIR"/*; do
    [ -f "$artifact" ] || continue
    case "$artifact" in
        *.sig|*.asc|*.tmp) debug "skip $artifact"; continue ;;
    esac
    ( cd "$(dirname "$artifact")" && sha256sum "$(basename "$artifact")" ) >> "$sums"
    count=$((count + 1))
done

if [ "$count" -eq 0 ]; then
    log "no artifacts in $DIST_DIR"
    exit 1
fi
log "hashed $count artifacts"

if [ -n "${RELEASE_HMAC_KEY:-}" ]; then
    openssl dgst -sha256 -hmac "$RELEASE_HMAC_KEY" -r "$sums" | cut -d' ' -f1 > "$keyed"
    chmod 0600 "$keyed"
    log "wrote keyed digest to $keyed"
else
    log "RELEASE_HMAC_KEY not set; skipping keyed digest"
fi

{
    printf 'version=%s\n' "$VERSION"
    printf 'commit=%s\n' "${GITHUB_SHA:-$(git rev-parse HEAD 2>/dev/null || echo unknown)}"
    build_host_info
} > "$OUT_DIR/BUILDINFO"

chmod 0600 "$sums" "$OUT_DIR/BUILDINFO"
log "release metadata for $VERSION in $OUT_DIR"
