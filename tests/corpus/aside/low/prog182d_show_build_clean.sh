#!/usr/bin/env bash
# show_build_clean.sh - tidy a fulldome show project before hand-off.
#
# Removes the intermediate build and cache folders the render pipeline
# leaves in the project directory, regenerates the SHA256SUMS manifest for
# the delivered frames and audio, and prints a size summary.
set -euo pipefail

PROJECT_DIR="${1:-$PWD}"
MANIFEST="SHA256SUMS"
DRY_RUN="${DRY_RUN:-0}"

# relative to the project directory, never outside it
CLEAN_DIRS=(build .cache tmp_renders __pycache__ .proxy_media)
CLEAN_GLOBS=("*.tmp" "*.partial" ".DS_Store" "*.blend1")
DELIVER_DIRS=(frames audio subtitles)

say() { printf '[clean] %s\n' "$*"; }

remove() {
    if [[ "$DRY_RUN" == 1 ]]; then
        say "would remove $1"
    else
        rm -rf -- "$1"
        say "removed $1"
    fi
}

clean_dirs() {
    local d
    for d in "${CLEAN_DIRS[@]}"; do
        [[ -e "./$d" ]] && remove "./$d"
    done
}

clean_files() {
    local g f
    for g in "${CLEAN_GLOBS[@]}"; do
        while IFS= read -r -d '' f; do
            remove "$f"
        done < <(find . -type f -name "$g" -print0)
    done
}

write_manifest() {
    local d
    : > "$MANIFEST.new"
    for d in "${DELIVER_DIRS[@]}"; do
        [[ -d "$d" ]] || continue
        find "$d" -type f -print0 | sort -z | xargs -0 -r sha256sum >> "$MANIFEST.new"
    done
    mv "$MANIFEST.new" "$MANIFEST"
    chmod 0644 "$MANIFEST"
    say "manifest: $(wc -l < "$MANIFEST") file(s) in $MANIFEST"
}

size_report() {
    local d
    for d in "${DELIVER_DIRS[@]}"; do
        [[ -d "$d" ]] && say "$(du -sh "$d" | cut -f1)	$d"
    done
    say "total: $(du -sh . | cut -f1)"
}

main() {
    cd "$PROJECT_DIR"
    [[ -f show.json ]] || { echo "not a show project: $PROJECT_DIR (no show.json)" >&2; exit 1; }
    clean_dirs
    clean_files
    if [[ "$DRY_RUN" != 1 ]]; then
        write_manifest
    fi
    size_report
}

main
