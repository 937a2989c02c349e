#!/usr/bin/env bash
# Snapshot of the plant catalogue working folder.
# Archives ./catalog (texts, photos, price sheets) into ./backups with a
# checksum manifest, and keeps only the newest few snapshots.

set -euo pipefail

SRC_DIR="${CATALOG_DIR:-catalog}"
DEST_DIR="${BACKUP_DIR:-backups}"
KEEP="${BACKUP_KEEP:-8}"
STAMP="$(date +%Y%m%d-%H%M%S)"
EXCLUDES=(".cache" "*.tmp" "~\$*" ".DS_Store")

msg() { printf '%s  %s\n' "$(date +%T)" "$*"; }

hash_tool() {
    local t
    for t in sha256sum shasum; do
        if command -v "$t" >/dev/null 2>&1; then
            [ "$t" = shasum ] && { echo "shasum -a 256"; return; }
            echo "$t"
            return
        fi
    done
    echo ""
}

exclude_args() {
    local e
    for e in "${EXCLUDES[@]}"; do
        printf -- '--exclude=%s\n' "$e"
    done
}

make_archive() {
    local name="catalog-${STAMP}.tar.gz"
    local args=()
    mapfile -t args < <(exclude_args)
    mkdir -p "$DEST_DIR"
    tar -czf "$DEST_DIR/$name" "${args[@]}" "$SRC_DIR"
    printf '%s' "$name"
}

write_manifest() {
    local archive="$1" tool
    tool="$(hash_tool)"
    [ -n "$tool" ] || { msg "no checksum tool, skipping manifest"; return; }
    (
        cd "$DEST_DIR"
        # shellcheck disable=SC2086
        $tool "$archive" >> MANIFEST.sha256
    )
    msg "checksum recorded"
}

verify_archive() {
    local archive="$1"
    if tar -tzf "$DEST_DIR/$archive" >/dev/null; then
        msg "archive lists cleanly ($(tar -tzf "$DEST_DIR/$archive" | wc -l) entries)"
    else
        msg "archive failed to list"
        return 1
    fi
}

rotate() {
    local old=()
    mapfile -t old < <(ls -1t "$DEST_DIR"/catalog-*.tar.gz 2>/dev/null | tail -n +"$((KEEP + 1))")
    local f
    for f in "${old[@]}"; do
        rm -f -- "$f"
        msg "rotated out $(basename "$f")"
    done
}

summary() {
    cat <<EOT
source:   $SRC_DIR ($(du -sh "$SRC_DIR" | cut -f1))
archive:  $DEST_DIR/$1
kept:     $(ls -1 "$DEST_DIR"/catalog-*.tar.gz | wc -l) snapshot(s)
EOT
}

main() {
    [ -d "$SRC_DIR" ] || { msg "nothing to back up: $SRC_DIR missing"; exit 1; }
    local archive
    archive="$(make_archive)"
    msg "created $archive"
    verify_archive "$archive"
    write_manifest "$archive"
    rotate
    summary "$archive"
}

main "$@"
