#!/usr/bin/env bash
# production_hash_manifest.sh - build or verify the SHA-256 hash manifest of
# a production volume before it is sent to opposing counsel.
#
# Usage:
#   production_hash_manifest.sh build  VOLUME_DIR
#   production_hash_manifest.sh verify VOLUME_DIR

set -euo pipefail

PROG="$(basename "$0")"
MANIFEST_NAME="HASHES_SHA256.txt"
LOG_FILE="./production_hash_manifest.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
}

die() {
    log "ERROR: $*"
    exit 1
}

[[ $# -eq 2 ]] || { usage; exit 1; }
ACTION="$1"
VOLUME="${2%/}"
[[ -d "$VOLUME" ]] || die "volume directory $VOLUME not found"

for sub in DATA IMAGES NATIVES TEXT; do
    [[ -d "$VOLUME/$sub" ]] || log "note: $VOLUME/$sub absent"
done

build_manifest() {
    local manifest="$VOLUME/$MANIFEST_NAME"
    local count=0 total_bytes=0 size f
    log "building manifest for $VOLUME"
    : > "$manifest.partial"
    while IFS= read -r -d '' f; do
        (cd "$VOLUME" && sha256sum -- "${f#"$VOLUME"/}") >> "$manifest.partial"
        size=$(stat -c %s -- "$f")
        total_bytes=$(( total_bytes + size ))
        count=$(( count + 1 ))
        if (( count % 500 == 0 )); then
            log "hashed $count files"
        fi
    done < <(find "$VOLUME" -type f ! -name "$MANIFEST_NAME" ! -name "$MANIFEST_NAME.partial" -print0 | sort -z)
    mv "$manifest.partial" "$manifest"
    log "manifest complete: $count files, $total_bytes bytes -> $manifest"
}

verify_manifest() {
    local manifest="$VOLUME/$MANIFEST_NAME"
    [[ -f "$manifest" ]] || die "no manifest in $VOLUME; run build first"
    log "verifying $VOLUME against $MANIFEST_NAME"
    local failures
    if (cd "$VOLUME" && sha256sum --quiet -c "$MANIFEST_NAME") ; then
        log "all files match"
    else
        failures=$(cd "$VOLUME" && sha256sum -c "$MANIFEST_NAME" 2>/dev/null | grep -vc ': OK$' || true)
        die "$failures file(s) failed verification"
    fi
    local listed actual
    listed=$(wc -l < "$manifest")
    actual=$(find "$VOLUME" -type f ! -name "$MANIFEST_NAME" | wc -l)
    if [[ "$listed" -ne "$actual" ]]; then
        die "manifest lists $listed files but volume has $actual"
    fi
}

case "$ACTION" in
    build) build_manifest ;;
    verify) verify_manifest ;;
    *) usage; exit 1 ;;
esac
