#!/bin/sh
# Clean and rebuild the farm's static website (trek pages, llama profiles).
# Run from the root of the website checkout.
# Usage: ./prog165b_site_build_clean.sh [--clean-only]

set -eu

SITE_ROOT="$(pwd)"
BUILD_DIRS="public resources/_gen .cache node_modules/.cache"
CONFIG_FILE="$SITE_ROOT/config.toml"

say() {
    echo "[site] $*"
}

check_root() {
    if [ ! -f "$CONFIG_FILE" ]; then
        say "no config.toml here - run this from the website checkout"
        exit 1
    fi
}

host_info() {
    if [ -r /etc/os-release ]; then
        os_name="$(grep '^PRETTY_NAME=' /etc/os-release | cut -d= -f2- | tr -d '"')"
        say "building on ${os_name:-unknown OS}"
    fi
    say "cpus: $(grep -c ^processor /proc/cpuinfo 2>/dev/null || echo '?')"
}

clean_outputs() {
    for rel in $BUILD_DIRS; do
        target="$SITE_ROOT/$rel"
        case "$target" in
            "$SITE_ROOT"/?*) ;;
            *) say "refusing to remove $target"; continue ;;
        esac
        if [ -d "$target" ]; then
            rm -rf -- "$target"
            say "removed $rel"
        fi
    done
    find "$SITE_ROOT" -name '.DS_Store' -type f -delete 2>/dev/null || true
}

count_pages() {
    find "$SITE_ROOT/content" -name '*.md' 2>/dev/null | wc -l | tr -d ' '
}

build_site() {
    if ! command -v hugo >/dev/null 2>&1; then
        say "hugo not installed; skipping build"
        return 0
    fi
    say "building $(count_pages) pages"
    hugo --minify --destination public
    say "output in $SITE_ROOT/public"
}

check_images() {
    missing=0
    for img in $(grep -rhoE 'images/llamas/[A-Za-z0-9_-]+\.jpg' "$SITE_ROOT/content" 2>/dev/null | sort -u); do
        if [ ! -f "$SITE_ROOT/static/$img" ]; then
            say "missing image: $img"
            missing=$((missing + 1))
        fi
    done
    say "$missing missing images"
}

main() {
    check_root
    host_info
    clean_outputs
    if [ "${1:-}" = "--clean-only" ]; then
        exit 0
    fi
    check_images
    build_site
}

main "$@"
