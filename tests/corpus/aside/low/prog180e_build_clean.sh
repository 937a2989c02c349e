#!/usr/bin/env bash
# build_clean.sh - tidy the web-shop theme repo before packaging a release.
# Removes build output and caches inside the current project only, then
# writes SHA-256 checksums for the release zips.
#
#   build_clean.sh [--dry-run] [--keep-dist]

set -euo pipefail

DRY_RUN=0
KEEP_DIST=0

for arg in "$@"; do
    case "$arg" in
        --dry-run) DRY_RUN=1 ;;
        --keep-dist) KEEP_DIST=1 ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) echo "unknown option: $arg" >&2; exit 1 ;;
    esac
done

if [[ ! -f package.json || ! -d theme ]]; then
    echo "run this from the root of the shop-theme project" >&2
    exit 1
fi

PROJECT_ROOT="$(pwd)"

remove() {
    local target="$1"
    case "$(realpath -m "$target")" in
        "$PROJECT_ROOT"/*) ;;
        *) echo "refusing to remove $target outside project" >&2; return 1 ;;
    esac
    if [[ $DRY_RUN -eq 1 ]]; then
        echo "would remove $target"
    else
        rm -rf -- "$target"
        echo "removed $target"
    fi
}

for d in build .cache .parcel-cache coverage node_modules/.cache; do
    [[ -e "$d" ]] && remove "$d"
done

if [[ $KEEP_DIST -eq 0 ]]; then
    find ./dist -maxdepth 1 -type f -name '*.map' 2>/dev/null | while read -r f; do
        remove "$f"
    done
fi

find . -type d -name '__pycache__' -not -path './node_modules/*' | while read -r d; do
    remove "$d"
done

find . -maxdepth 2 -type f \( -name '*.log' -o -name '.DS_Store' \) -not -path './node_modules/*' |
    while read -r f; do
        remove "$f"
    done

if compgen -G "release/*.zip" >/dev/null; then
    (cd release && sha256sum -- *.zip > SHA256SUMS)
    chmod 0644 release/SHA256SUMS
    echo "checksums:"
    cat release/SHA256SUMS
else
    echo "no release zips yet"
fi

du -sh . 2>/dev/null | awk '{print "project size now " $1}'
