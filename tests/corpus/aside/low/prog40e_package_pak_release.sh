#!/usr/bin/env bash
# Package a game content release from the working tree.
#
# Collects ./content into a versioned .tar.gz pak inside ./dist, writes a
# checksum manifest next to it (readable only by the owner, since it also
# carries the internal build number), and compares against the latest
# published version number fetched from the public release feed.
set -euo pipefail

PROJECT_ROOT="$(pwd)"
CONTENT_DIR="${CONTENT_DIR:-content}"
DIST_DIR="${DIST_DIR:-dist}"
STAGE_DIR="${DIST_DIR}/.stage"
FEED_URL="${FEED_URL:-https://updates.lanternforge.games/feeds/content/latest.txt}"
VERSION_FILE="${PROJECT_ROOT}/VERSION"

log()  { printf '[pak] %s\n' "$*"; }
die()  { printf '[pak] error: %s\n' "$*" >&2; exit 1; }

usage() {
    cat <<EOF
Usage: $0 [-c] [-n]
  -c   clean ./${DIST_DIR} before packaging
  -n   skip the release-feed version check
EOF
}

CLEAN=0
CHECK_FEED=1
while getopts ":cnh" opt; do
    case "$opt" in
        c) CLEAN=1 ;;
        n) CHECK_FEED=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

[[ -d "$CONTENT_DIR" ]] || die "no ${CONTENT_DIR}/ directory in ${PROJECT_ROOT}"
[[ -f "$VERSION_FILE" ]] || die "missing VERSION file"
version="$(tr -d '[:space:]' < "$VERSION_FILE")"

if (( CLEAN )); then
    log "cleaning previous build output in ${DIST_DIR}/"
    rm -rf -- "${DIST_DIR:?}/"*.tar.gz "${STAGE_DIR:?}"
fi
mkdir -p "$STAGE_DIR"

if (( CHECK_FEED )); then
    published="$(curl -fsS --max-time 10 "$FEED_URL" || echo "unknown")"
    log "published version: ${published}, local version: ${version}"
    if [[ "$published" == "$version" ]]; then
        die "version ${version} is already published; bump VERSION first"
    fi
fi

log "staging content"
count=0
while IFS= read -r -d '' file; do
    rel="${file#"${CONTENT_DIR}"/}"
    case "$rel" in
        *.psd|*.blend1|*~|.DS_Store) continue ;;
    esac
    mkdir -p "${STAGE_DIR}/$(dirname "$rel")"
    cp -p -- "$file" "${STAGE_DIR}/${rel}"
    count=$((count + 1))
done < <(find "$CONTENT_DIR" -type f -print0)
log "staged ${count} files"

pak="${DIST_DIR}/content-${version}.tar.gz"
tar -C "$STAGE_DIR" -czf "$pak" .
manifest="${DIST_DIR}/content-${version}.sha256"
{
    echo "# build ${BUILD_NUMBER:-local} $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    (cd "$STAGE_DIR" && find . -type f -print0 | sort -z | xargs -0 sha256sum)
    sha256sum "$pak"
} > "$manifest"
chmod 600 "$manifest"

rm -rf -- "${STAGE_DIR:?}"
log "wrote ${pak} ($(du -h "$pak" | cut -f1)) and ${manifest}"
