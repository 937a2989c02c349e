#!/usr/bin/env bash
# fetch-release-checksums: pull the Release file of a suite and verify the
# Packages indices we keep under ./cache against the SHA256 section.
#
# usage: fetch-release-checksums.sh [-m mirror] [-s suite] [-a arch] [--clean]

set -euo pipefail

MIRROR="${MIRROR:-https://deb.debian.org/debian}"
SUITE="${SUITE:-bookworm}"
ARCH="${ARCH:-amd64}"
COMPONENTS="${COMPONENTS:-main contrib}"
CACHE="./cache/release/${SUITE}"
CURL_OPTS=(--fail --silent --show-error --location --max-time 60 --retry 3)

log()  { printf '%s [%s] %s\n' "$(date -u +%H:%M:%S)" "$1" "$2" >&2; }
die()  { log ERROR "$*"; exit 1; }

usage() {
    sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while [ $# -gt 0 ]; do
    case "$1" in
        -m) MIRROR="$2"; shift 2 ;;
        -s) SUITE="$2"; CACHE="./cache/release/${SUITE}"; shift 2 ;;
        -a) ARCH="$2"; shift 2 ;;
        --clean) rm -rf ./cache/release; log INFO "removed ./cache/release"; exit 0 ;;
        -h|--help) usage 0 ;;
        *) usage 1 ;;
    esac
done

command -v curl >/dev/null || die "curl is required"
mkdir -p "$CACHE"

fetch() {
    local rel="$1" dest="$CACHE/$1"
    mkdir -p "$(dirname "$dest")"
    if [ -f "$dest" ]; then
        curl "${CURL_OPTS[@]}" -z "$dest" -o "$dest" "$MIRROR/dists/$SUITE/$rel"
    else
        curl "${CURL_OPTS[@]}" -o "$dest" "$MIRROR/dists/$SUITE/$rel"
    fi
}

# Make sure the mirror is up before downloading anything.
if ! curl --head --silent --fail --max-time 15 "$MIRROR/dists/$SUITE/Release" >/dev/null; then
    die "$MIRROR does not serve $SUITE"
fi

log INFO "fetching Release for $SUITE from $MIRROR"
fetch Release

# Expected digests: the lines between "SHA256:" and the next unindented key.
awk '/^SHA256:/{f=1;next} /^[^ ]/{f=0} f{print $1, $3}' "$CACHE/Release" > "$CACHE/sha256.list"
log INFO "$(wc -l < "$CACHE/sha256.list") entries in SHA256 section"

failed=0
for comp in $COMPONENTS; do
    rel="$comp/binary-$ARCH/Packages.xz"
    expected=$(awk -v p="$rel" '$2==p{print $1}' "$CACHE/sha256.list")
    if [ -z "$expected" ]; then
        log WARN "$rel not listed in Release"
        continue
    fi
    fetch "$rel" || { log ERROR "download failed: $rel"; failed=1; continue; }
    actual=$(sha256sum "$CACHE/$rel" | cut -d' ' -f1)
    if [ "$actual" = "$expected" ]; then
        log INFO "ok       $rel"
    else
        log ERROR "mismatch $rel ($actual != $expected)"
        failed=1
    fi
done

exit "$failed"
