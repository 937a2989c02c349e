#!/usr/bin/env bash
# Prune the build and thumbnail cache of the centre's website project.
# Run from the project root (the folder containing site.toml).
set -euo pipefail

CACHE_DIR="${CACHE_DIR:-./.cache/thumbs}"
BUILD_DIR="${BUILD_DIR:-./build}"
MAX_AGE_DAYS="${MAX_AGE_DAYS:-14}"
SITE_URL="${SITE_URL:-https://www.falconry-centre.example.com}"
DRY_RUN=0

note() { echo "[prune] $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -n|--dry-run) DRY_RUN=1 ;;
        -a|--age) MAX_AGE_DAYS="$2"; shift ;;
        -h|--help) echo "Usage: $0 [-n] [-a days]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

[[ -f site.toml ]] || { note "run this from the project root"; exit 1; }

# thumbnails are keyed by the md5 of their source image path
cache_key() {
    printf '%s' "$1" | md5sum | cut -c1-32
}

prune_orphans() {
    local kept=0 removed=0 src key
    declare -A live=()
    while IFS= read -r -d '' src; do
        key="$(cache_key "$src")"
        live["$key"]=1
    done < <(find ./content/images -type f \( -iname '*.jpg' -o -iname '*.png' \) -print0)

    [[ -d "$CACHE_DIR" ]] || { note "no cache yet"; return; }
    for f in "$CACHE_DIR"/*; do
        [[ -e "$f" ]] || continue
        key="$(basename "${f%.*}")"
        if [[ -n "${live[$key]:-}" ]]; then
            kept=$((kept + 1))
        else
            removed=$((removed + 1))
            (( DRY_RUN )) && note "would remove $f" || rm -f -- "$f"
        fi
    done
    note "thumbnails kept=$kept removed=$removed"
}

prune_old_builds() {
    [[ -d "$BUILD_DIR" ]] || return 0
    if (( DRY_RUN )); then
        find "$BUILD_DIR" -type f -mtime +"$MAX_AGE_DAYS" -print
    else
        find "$BUILD_DIR" -type f -mtime +"$MAX_AGE_DAYS" -delete
        find "$BUILD_DIR" -type d -empty -delete
    fi
    note "build output older than $MAX_AGE_DAYS days pruned"
}

check_site() {
    local code
    code="$(curl -s -o /dev/null -w '%{http_code}' -I --max-time 10 "$SITE_URL" || echo 000)"
    note "live site answered HTTP $code"
}

prune_orphans
prune_old_builds
check_site
note "cache size now $(du -sh "${CACHE_DIR%/*}" 2>/dev/null | cut -f1)"
