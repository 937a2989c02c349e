#!/bin/sh
# Push nightly build tarballs to the legacy download mirror used by the
# embedded-board test lab.  The lab's mirror only speaks FTP, so artifacts
# are staged, checksummed and uploaded with curl.
set -eu

MIRROR_HOST="${MIRROR_HOST:-mirror.lab.example.org}"
MIRROR_PATH="${MIRROR_PATH:-/incoming/nightly}"
STAGE_DIR=/tmp/nightly-stage
BUILD_DIR="${BUILD_DIR:-out}"
KEEP_LOCAL="${KEEP_LOCAL:-0}"
DATE_TAG="$(date -u +%Y%m%d)"

say() { printf '%s nightly-mirror: %s\n' "$(date -u +%FT%TZ)" "$*"; }
die() { say "error: $*"; exit 1; }

prepare_stage() {
    rm -rf "$STAGE_DIR"
    mkdir -p "$STAGE_DIR"
    for board in "$BUILD_DIR"/*/; do
        [ -d "$board" ] || continue
        name="$(basename "$board")"
        tar -C "$BUILD_DIR" -czf "$STAGE_DIR/${name}-${DATE_TAG}.tar.gz" "$name"
        say "staged $name"
    done
    ( cd "$STAGE_DIR" && sha256sum ./*.tar.gz > "SHA256SUMS-${DATE_TAG}" )
}

upload_one() {
    file="$1"
    attempt=1
    while [ "$attempt" -le 3 ]; do
        if curl -sS --ftp-create-dirs --ftp-pasv -u anonymous:ci@example.org \
             -T "$file" "ftp://${MIRROR_HOST}${MIRROR_PATH}/${DATE_TAG}/"; then
            return 0
        fi
        say "upload of $(basename "$file") failed (attempt $attempt)"
        attempt=$((attempt + 1))
        sleep 5
    done
    return 1
}

upload_all() {
    failures=0
    for f in "$STAGE_DIR"/*; do
        [ -f "$f" ] || continue
        upload_one "$f" || failures=$((failures + 1))
    done
    return "$failures"
}

update_latest_pointer() {
    printf '%s\n' "$DATE_TAG" > "$STAGE_DIR/LATEST"
    curl -sS -u anonymous:ci@example.org -T "$STAGE_DIR/LATEST" \
        "ftp://${MIRROR_HOST}${MIRROR_PATH}/LATEST" || say "could not update LATEST"
}

[ -d "$BUILD_DIR" ] || die "build directory $BUILD_DIR not found"
command -v curl >/dev/null 2>&1 || die "curl is required"

prepare_stage
count="$(find "$STAGE_DIR" -name '*.tar.gz' | wc -l)"
[ "$count" -gt 0 ] || die "no board outputs in $BUILD_DIR"
say "uploading $count tarballs to $MIRROR_HOST"

if upload_all; then
    update_latest_pointer
    say "nightly $DATE_TAG published"
else
    die "some uploads failed; LATEST not updated"
fi

if [ "$KEEP_LOCAL" != "1" ]; then
    rm -rf "$STAGE_DIR"
fi
