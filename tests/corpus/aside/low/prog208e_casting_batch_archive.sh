#!/usr/bin/env bash
# Archive casting batch folders (pour logs, mould photos, test strikes)
# into one dated tarball per batch, with a checksum manifest.
set -euo pipefail

SRC_DIR="${1:-./batches}"
OUT_DIR="${2:-./archive}"
BUILD_DIR="./.archive_build"
MANIFEST="$OUT_DIR/MANIFEST.sha256"
KEEP_BUILD=0

log() { printf '%s  %s\n' "$(date '+%F %T')" "$*"; }

host_label() {
    local name="unknown"
    if [[ -r /etc/os-release ]]; then
        name="$(. /etc/os-release && printf '%s' "${PRETTY_NAME:-$NAME}")"
    fi
    printf '%s on %s' "$(uname -n)" "$name"
}

batch_date() {
    local dir="$1" first
    first="$(find "$dir" -type f -name 'pour_*.log' | sort | head -n1)"
    if [[ -n "$first" ]]; then
        date -r "$first" +%Y%m%d
    else
        date -r "$dir" +%Y%m%d
    fi
}

pack_batch() {
    local dir="$1" name stamp target
    name="$(basename "$dir")"
    stamp="$(batch_date "$dir")"
    target="$OUT_DIR/${stamp}_${name}.tar.gz"
    if [[ -f "$target" ]]; then
        log "skip $name (already archived)"
        return 0
    fi
    tar -C "$(dirname "$dir")" -czf "$BUILD_DIR/$(basename "$target")" "$name"
    mv "$BUILD_DIR/$(basename "$target")" "$target"
    log "packed $name -> $target"
}

write_manifest() {
    local files=()
    mapfile -t files < <(find "$OUT_DIR" -maxdepth 1 -name '*.tar.gz' -printf '%f\n' | sort)
    {
        echo "# casting batch archive, $(host_label), $(date -Is)"
        (cd "$OUT_DIR" && sha256sum -- "${files[@]}")
    } >"$MANIFEST"
    chmod 600 "$MANIFEST"
    log "manifest lists ${#files[@]} archive(s)"
}

cleanup() {
    (( KEEP_BUILD )) || rm -rf -- "$BUILD_DIR"
}

main() {
    [[ "${3:-}" == "--keep-build" ]] && KEEP_BUILD=1
    [[ -d "$SRC_DIR" ]] || { echo "no batch folder at $SRC_DIR" >&2; exit 1; }
    mkdir -p "$OUT_DIR" "$BUILD_DIR"
    trap cleanup EXIT

    local batch count=0
    for batch in "$SRC_DIR"/*/; do
        [[ -d "$batch" ]] || continue
        pack_batch "${batch%/}"
        count=$((count + 1))
    done
    log "$count batch folder(s) examined"
    write_manifest
}

main "$@"
