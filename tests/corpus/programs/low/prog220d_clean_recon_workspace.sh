#!/usr/bin/env bash
# clean_recon_workspace.sh - remove build output and caches from the recon repo.
#
# Deletes generated artifacts inside the current checkout only: build/,
# dist/, .recon_cache/, __pycache__ directories, pytest/mypy caches and
# report files older than N days under ./out. Never touches inbox/ or archive/.
set -euo pipefail

DAYS=14
DRY_RUN=0
ROOT="$(pwd)"

log() { echo "[clean] $*"; }

usage() {
    cat <<EOF
Usage: $0 [-n] [-d DAYS]
  -n       dry run, only list what would be removed
  -d DAYS  remove ./out reports older than DAYS (default $DAYS)
EOF
}

while getopts ":nd:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        d) DAYS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [ ! -f "$ROOT/pyproject.toml" ] || [ ! -d "$ROOT/recon" ]; then
    log "run this from the root of the recon checkout"
    exit 1
fi
[[ "$DAYS" =~ ^[0-9]+$ ]] || { log "DAYS must be a number"; exit 2; }

removed=0

remove_path() {
    local p="$1"
    case "$p" in
        ./inbox*|./archive*) log "refusing to touch $p"; return ;;
    esac
    if [ "$DRY_RUN" -eq 1 ]; then
        log "would remove $p"
    else
        rm -rf -- "$p"
        log "removed $p"
    fi
    removed=$((removed + 1))
}

clean_top_level() {
    for d in ./build ./dist ./.recon_cache ./.pytest_cache ./.mypy_cache ./htmlcov; do
        [ -e "$d" ] && remove_path "$d"
    done
    for f in ./.coverage ./coverage.xml; do
        [ -e "$f" ] && remove_path "$f"
    done
    return 0
}

clean_pycache() {
    while IFS= read -r -d '' d; do
        remove_path "$d"
    done < <(find . -path ./inbox -prune -o -path ./archive -prune -o \
                  -type d -name __pycache__ -print0)
}

clean_old_reports() {
    [ -d ./out ] || return 0
    while IFS= read -r -d '' f; do
        remove_path "$f"
    done < <(find ./out -type f \( -name '*.csv' -o -name '*.json' \) -mtime +"$DAYS" -print0)
}

report_checksums() {
    [ -d ./out ] || return 0
    [ "$DRY_RUN" -eq 1 ] && return 0
    find ./out -type f -name '*.csv' -print0 | sort -z | xargs -0 -r md5sum > ./out/.checksums
    log "refreshed ./out/.checksums"
}

clean_top_level
clean_pycache
clean_old_reports
report_checksums
log "done: $removed paths $( [ "$DRY_RUN" -eq 1 ] && echo 'would be ' )removed"
