#!/bin/sh
# Tidy the FieldPro companion project checkout on a field tablet.
#
# Run from the project directory.  Removes the build output, the offline job
# cache and photo thumbnails the companion app writes next to itself, and
# Python bytecode, so the next sync starts from a clean tree.  Nothing
# outside the current directory is touched.
#
# Usage: field_tablet_cache_clean.sh [-y] [-n]

set -eu

ASSUME_YES=0
DRY_RUN=0
STAMP=$(date +%Y%m%d-%H%M%S)
REPORT="./cache-clean-$STAMP.txt"
TARGETS="build dist .cache offline_jobs thumbs"

say() { printf '[clean] %s\n' "$*" | tee -a "$REPORT"; }

while getopts "ynh" opt; do
    case "$opt" in
        y) ASSUME_YES=1 ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    printf 'Remove build and cache files under %s? [y/N] ' "$(pwd)"
    read -r ans
    case "$ans" in y|Y|yes) return 0 ;; *) return 1 ;; esac
}

pending_uploads() {
    q="./upload_queue"
    [ -d "$q" ] || { echo 0; return; }
    find "$q" -type f | wc -l | tr -d ' '
}

remove() {
    if [ "$DRY_RUN" -eq 1 ]; then
        say "would remove $1"
    else
        rm -rf -- "$1"
        say "removed $1"
    fi
}

clear_targets() {
    for d in $TARGETS; do
        [ -e "./$d" ] && remove "./$d"
    done
}

clear_bytecode() {
    find . -type d -name __pycache__ -prune -print | while read -r d; do
        remove "$d"
    done
    find . -type f \( -name '*.pyc' -o -name '*.pyo' \) -print | while read -r f; do
        remove "$f"
    done
}

clear_old_reports() {
    find . -maxdepth 1 -type f -name 'cache-clean-*.txt' ! -name "$(basename "$REPORT")" \
        -mtime +30 -print | while read -r f; do
        remove "$f"
    done
}

main() {
    [ -f ./fieldpro.toml ] || { echo "run this from the companion project directory" >&2; exit 1; }
    n=$(pending_uploads)
    if [ "$n" -gt 0 ]; then
        echo "There are $n job uploads still queued. Sync first." >&2
        exit 1
    fi
    confirm || { echo "aborted"; exit 1; }
    : > "$REPORT"
    say "clean started $(date) in $(pwd)"
    clear_targets
    clear_bytecode
    clear_old_reports
    du -sh . 2>/dev/null | awk '{print "[clean] project size now " $1}'
    say "clean finished $(date)"
}

main "$@"
