#!/bin/sh
# Fetch the pinned dataset snapshot and its manifest for local test runs.
# The manifest is served base64+gzip encoded; it is decoded to JSON and
# every listed file is checked against its sha256 before tests use it.

set -eu

VERSION="${DATASET_VERSION:-2024.06}"
DEST="${DEST:-./downloads}"
QUIET=0

info() { [ "$QUIET" -eq 1 ] || echo "[fetch] $*"; }
warn() { echo "[fetch] warning: $*" >&2; }

usage() {
    echo "usage: $0 [-q] [-v version] [-d dest]"
}

while getopts "qv:d:h" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        v) VERSION="$OPTARG" ;;
        d) DEST="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

base="$(echo 'stohspans/moc.elpmaxe.stesatad//:sptth' | rev)"
manifest_name="$(printf '\155\141\156\151\146\145\163\164').json"

download() {
    url="$1"; out="$2"
    if command -v curl >/dev/null 2>&1; then
        curl -fsSL --retry 3 --max-time 120 -o "$out" "$url"
    else
        wget -q -T 120 -O "$out" "$url"
    fi
}

fetch_manifest() {
    mkdir -p "$DEST/$VERSION"
    raw="$DEST/$VERSION/${manifest_name}.b64gz"
    download "$base/$VERSION/${manifest_name}.b64gz" "$raw"
    base64 -d < "$raw" | gunzip -c > "$DEST/$VERSION/$manifest_name"
    rm -f "$raw"
    info "manifest saved to $DEST/$VERSION/$manifest_name"
}

fetch_files() {
    manifest="$DEST/$VERSION/$manifest_name"
    command -v jq >/dev/null 2>&1 || { warn "jq is required"; return 1; }
    failures=0
    jq -r '.files[] | "\(.name) \(.sha256)"' "$manifest" | while read -r name sum; do
        case "$name" in
            */*|..*|'') warn "skipping suspicious name '$name'"; continue ;;
        esac
        target="$DEST/$VERSION/$name"
        if [ -f "$target" ] && echo "$sum  $target" | sha256sum -c --status 2>/dev/null; then
            info "$name up to date"
            continue
        fi
        download "$base/$VERSION/$name" "$target"
        if echo "$sum  $target" | sha256sum -c --status; then
            info "$name ok"
        else
            warn "$name checksum mismatch, removing"
            rm -f "$target"
            failures=$((failures + 1))
        fi
    done
}

main() {
    info "dataset version $VERSION -> $DEST"
    fetch_manifest
    fetch_files
    info "done"
}

main
