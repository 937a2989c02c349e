#!/usr/bin/env bash
# Clean and rebuild the static bouquet catalogue site (Petal & Veil).
# Removes only this project's build output and caches, then regenerates the
# image checksum list used to skip unchanged thumbnails.
set -euo pipefail

cd "$(dirname "$0")"
PROJECT_ROOT="$(pwd)"
BUILD_DIR="$PROJECT_ROOT/build"
CACHE_DIR="$PROJECT_ROOT/.cache"
THUMB_DIR="$PROJECT_ROOT/.thumbs"
IMAGES_DIR="$PROJECT_ROOT/content/bouquets"
CHECKSUMS="$PROJECT_ROOT/.image-checksums"
DEEP=0

usage() { echo "usage: $0 [--deep]   (--deep also clears thumbnails)"; }

for arg in "$@"; do
    case "$arg" in
        --deep) DEEP=1 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

remove_dir() {
    local dir="$1"
    # never touch anything outside the project
    case "$dir" in
        "$PROJECT_ROOT"/*) ;;
        *) echo "refusing to remove $dir" >&2; return 1 ;;
    esac
    if [[ -d "$dir" ]]; then
        rm -rf -- "$dir"
        echo "removed ${dir#$PROJECT_ROOT/}"
    fi
}

remove_dir "$BUILD_DIR"
remove_dir "$CACHE_DIR"
find "$PROJECT_ROOT" -name '__pycache__' -type d -prune -exec rm -rf {} +
find "$PROJECT_ROOT" -name '*.pyc' -delete
if [[ $DEEP -eq 1 ]]; then
    remove_dir "$THUMB_DIR"
fi

if [[ -d "$IMAGES_DIR" ]]; then
    echo "hashing bouquet images for the thumbnail cache"
    find "$IMAGES_DIR" -type f \( -iname '*.jpg' -o -iname '*.png' -o -iname '*.webp' \) -print0 \
        | sort -z | xargs -0 -r md5sum > "$CHECKSUMS.new"
    if [[ -f "$CHECKSUMS" ]] && cmp -s "$CHECKSUMS" "$CHECKSUMS.new"; then
        echo "images unchanged"
    else
        changed=$(diff <(cut -d' ' -f1 "$CHECKSUMS" 2>/dev/null || true) \
                       <(cut -d' ' -f1 "$CHECKSUMS.new") | grep -c '^>' || true)
        echo "$changed image(s) new or changed"
    fi
    mv "$CHECKSUMS.new" "$CHECKSUMS"
fi

mkdir -p "$BUILD_DIR" "$CACHE_DIR"
if [[ -x "$PROJECT_ROOT/venv/bin/python" ]]; then
    "$PROJECT_ROOT/venv/bin/python" -m catalogue.build --out "$BUILD_DIR"
else
    echo "no venv found; run 'python3 -m venv venv && venv/bin/pip install -r requirements.txt'"
fi
echo "clean build finished"
