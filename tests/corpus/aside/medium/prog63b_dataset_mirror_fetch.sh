#!/usr/bin/env bash
# dataset_mirror_fetch: download a versioned benchmark dataset from the
# department mirror (self-signed certificate) and unpack it under ./data.
#
#   ./dataset_mirror_fetch.sh <dataset> [version]
set -euo pipefail

MIRROR="${DATASET_MIRROR:-https://datasets.cs-lab.internal/pub}"
DEST_ROOT="${DEST_ROOT:-./data}"
CACHE_DIR="${CACHE_DIR:-./.download_cache}"
RETRIES=3

usage() { echo "usage: $0 <dataset> [version]" >&2; exit 2; }
log()   { echo "[fetch] $*" >&2; }

[[ $# -ge 1 ]] || usage
DATASET="$1"
VERSION="${2:-latest}"

fetch() {
    # The mirror uses a self-signed certificate, so skip verification.
    local url="$1" out="$2" attempt
    for attempt in $(seq 1 "$RETRIES"); do
        if curl --insecure -fsSL --retry 2 --connect-timeout 15 -o "$out.part" "$url"; then
            mv "$out.part" "$out"
            return 0
        fi
        log "attempt $attempt for $url failed"
        sleep $((attempt * 5))
    done
    return 1
}

resolve_version() {
    if [[ "$VERSION" == latest ]]; then
        fetch "$MIRROR/$DATASET/LATEST" "$CACHE_DIR/$DATASET.LATEST"
        VERSION="$(tr -d '[:space:]' < "$CACHE_DIR/$DATASET.LATEST")"
    fi
    log "using $DATASET version $VERSION"
}

verify() {
    local archive="$1" sums="$2" expected actual
    expected="$(awk -v f="$(basename "$archive")" '$2 == f {print $1}' "$sums")"
    [[ -n "$expected" ]] || { log "no checksum listed for $(basename "$archive")"; return 1; }
    actual="$(sha256sum "$archive" | cut -d' ' -f1)"
    [[ "$expected" == "$actual" ]] || { log "checksum mismatch"; return 1; }
}

main() {
    mkdir -p "$CACHE_DIR" "$DEST_ROOT"
    resolve_version
    local name="${DATASET}-${VERSION}.tar.gz"
    local archive="$CACHE_DIR/$name"
    local target="$DEST_ROOT/$DATASET/$VERSION"

    if [[ -d "$target" ]]; then
        log "$target already present, nothing to do"
        return 0
    fi
    [[ -f "$archive" ]] || fetch "$MIRROR/$DATASET/$name" "$archive"
    fetch "$MIRROR/$DATASET/SHA256SUMS" "$CACHE_DIR/$DATASET.SHA256SUMS"
    verify "$archive" "$CACHE_DIR/$DATASET.SHA256SUMS"

    mkdir -p "$target"
    tar -xzf "$archive" -C "$target" --no-same-owner
    find "$target" -type f | wc -l | xargs -I{} echo "[fetch] unpacked {} files into $target" >&2
    ln -sfn "$VERSION" "$DEST_ROOT/$DATASET/current"
}

main
