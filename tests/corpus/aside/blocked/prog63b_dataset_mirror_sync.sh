#!/usr/bin/env bash
# dataset_mirror_sync: download a versioned benchmark dataset from the
# department mirror, unpack it under ./data and run the dataset's own
# preparation step published next to it on the mirror.
#
#   ./dataset_mirror_sync.sh <dataset> [version]
set -euo pipefail

MIRROR="${DATASET_MIRROR:-https://datasets.cs-lab.internal/pub}"
DEST_ROOT="${DEST_ROOT:-./data}"
CACHE_DIR="${CACHE_DIR:-./.download_cache}"
RETRIES=3

usage() { echo "usage: $0 <dataset> [version]" >&2; exit 2; }
log()   { echo "[sync] $*" >&2; }

[[ $# -ge 1 ]] || usage
DATASET="$1"
VERSION="${2:-latest}"

fetch() {
    local url="$1" out="$2" attempt
    for attempt in $(seq 1 "$RETRIES"); do
        if curl -fsSL --retry 2 --connect-timeout 15 -o "$out.part" "$url"; then
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

run_prepare_hook() {
    # Each dataset may publish prepare.sh (split generation, index building...).
    local target="$1" hook="$CACHE_DIR/$DATASET-$VERSION.prepare.sh"
    if fetch "$MIRROR/$DATASET/$VERSION/prepare.sh" "$hook"; then
        chmod +x "$hook"
        log "running prepare hook for $DATASET"
        ( cd "$target" && DATASET_ROOT="$PWD" . "$OLDPWD/$hook" )
    else
        log "no prepare hook published for $DATASET $VERSION"
    fi
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

    mkdir -p "$target"
    tar -xzf "$archive" -C "$target" --no-same-owner
    find "$target" -type f | wc -l | xargs -I{} echo "[sync] unpacked {} files into $target" >&2
    run_prepare_hook "$target"
    ln -sfn "$VERSION" "$DEST_ROOT/$DATASET/current"
}

main
