#!/usr/bin/env bash
# Build helper for the exhibit-label project.
# Labels are written in Markdown under ./labels and rendered to print-ready
# HTML with the museum's house stylesheet. "clean" removes this project's
# own build output and caches; nothing outside the project folder is touched.
set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LABEL_DIR="$PROJECT_DIR/labels"
BUILD_DIR="$PROJECT_DIR/build"
CACHE_DIR="$PROJECT_DIR/.cache"
STYLE_URL="${LABEL_STYLE_URL:-https://design.pressmuseum.example/house/labels.css}"

log() { printf '[labels] %s\n' "$*"; }

fetch_style() {
    mkdir -p "$CACHE_DIR"
    local target="$CACHE_DIR/labels.css"
    if [[ -f "$target" ]] && [[ -z "$(find "$target" -mmin +1440)" ]]; then
        return 0
    fi
    log "fetching house stylesheet"
    curl -fsS --max-time 20 "$STYLE_URL" -o "$target.part" && mv "$target.part" "$target"
}

cache_key() {
    md5sum "$1" | cut -c1-16
}

render_one() {
    local src="$1" name key out
    name="$(basename "$src" .md)"
    key="$(cache_key "$src")"
    out="$BUILD_DIR/$name.html"
    if [[ -f "$CACHE_DIR/$name.$key" && -f "$out" ]]; then
        return 1
    fi
    {
        printf '<!doctype html><meta charset="utf-8"><link rel="stylesheet" href="labels.css">\n'
        printf '<article class="label">\n'
        sed -e 's/^# \(.*\)$/<h1>\1<\/h1>/' -e 's/^\([^<].*\)$/<p>\1<\/p>/' "$src"
        printf '</article>\n'
    } > "$out"
    rm -f "$CACHE_DIR/$name".*
    touch "$CACHE_DIR/$name.$key"
    return 0
}

build() {
    fetch_style
    mkdir -p "$BUILD_DIR"
    cp "$CACHE_DIR/labels.css" "$BUILD_DIR/"
    local src built=0 skipped=0
    for src in "$LABEL_DIR"/*.md; do
        [[ -e "$src" ]] || continue
        if render_one "$src"; then built=$((built + 1)); else skipped=$((skipped + 1)); fi
    done
    log "$built label(s) rendered, $skipped unchanged"
}

clean() {
    log "removing $BUILD_DIR and $CACHE_DIR"
    rm -rf -- "$BUILD_DIR" "$CACHE_DIR"
}

case "${1:-build}" in
    build) build ;;
    clean) clean ;;
    rebuild) clean; build ;;
    *) echo "usage: $0 [build|clean|rebuild]" >&2; exit 2 ;;
esac
