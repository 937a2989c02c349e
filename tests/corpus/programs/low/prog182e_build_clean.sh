#!/usr/bin/env bash
# build_clean.sh - tidy the colour-matching tool's working copy.
# Removes build output and caches created by our own build, then writes a
# checksum manifest of the shade library so the finishing department can
# confirm they have the same swatches as the lab.
set -euo pipefail

PROJECT_DIR="${PROJECT_DIR:-$(pwd)}"
SHADE_DIR="${SHADE_DIR:-shades}"
MANIFEST="${MANIFEST:-shade_manifest.sha256}"
KEEP_DIST="${KEEP_DIST:-0}"
VERBOSE="${VERBOSE:-0}"

say() {
    [ "$VERBOSE" = "1" ] && echo "[clean] $*"
    return 0
}

cd "$PROJECT_DIR"

# our own build artefacts, relative to the project directory
build_outputs=(
    "build"
    ".pytest_cache"
    ".mypy_cache"
    "htmlcov"
    ".coverage"
)
[ "$KEEP_DIST" = "1" ] || build_outputs+=("dist")

remove_outputs() {
    local t
    for t in "${build_outputs[@]}"; do
        [ -e "./$t" ] || continue
        rm -rf -- "./$t"
        say "removed $t"
    done
    find . -type d -name '__pycache__' -prune -exec rm -rf {} +
    find . -type f -name '*.pyc' -delete
    find . -maxdepth 1 -type f -name '*.egg-info' -delete
}

cache_key() {
    # short cache key for the rendered swatch previews
    printf '%s' "$1" | md5sum | cut -c1-12
}

prune_previews() {
    local f key
    [ -d .preview_cache ] || return 0
    for f in .preview_cache/*.png; do
        [ -e "$f" ] || continue
        key="$(basename "$f" .png)"
        if ! grep -qx "$key" .preview_cache/keys 2>/dev/null; then
            rm -f -- "$f"
            say "dropped stale preview $key"
        fi
    done
}

write_manifest() {
    [ -d "$SHADE_DIR" ] || { say "no shade dir"; return 0; }
    find "$SHADE_DIR" -type f -name '*.json' -print0 | sort -z \
        | xargs -0 -r sha256sum > "$MANIFEST"
    chmod 0600 "$MANIFEST"
    mkdir -p .preview_cache
    find "$SHADE_DIR" -type f -name '*.json' | while read -r f; do
        cache_key "$f"
    done > .preview_cache/keys
    say "manifest has $(wc -l < "$MANIFEST") entries"
}

main() {
    remove_outputs
    prune_previews
    write_manifest
    echo "clean complete in $PROJECT_DIR"
}

main "$@"
