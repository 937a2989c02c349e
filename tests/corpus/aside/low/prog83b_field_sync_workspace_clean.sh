#!/usr/bin/env bash
# field_sync_workspace_clean.sh - end-of-shift cleanup of the sync workspace on
# the pooled crew laptops.
#
# Clears exports that were already uploaded, thumbnail caches and the build
# output of the offline map tiles so the next crew starts from a clean slate.
#
# Options:
#   -w DIR   sync workspace (default: current directory)
#   -n       dry run, only print what would be removed
#   -t       also drop the offline tile build
set -uo pipefail

WORKSPACE="$PWD"
DRY_RUN=0
DROP_TILES=0
LOG_FILE="${WORKSPACE}/workspace_clean.log"

log() { printf '%(%F %T)T %s\n' -1 "$*" | tee -a "$LOG_FILE" >&2; }

while getopts "w:nth" opt; do
    case "$opt" in
        w) WORKSPACE="$OPTARG"; LOG_FILE="${WORKSPACE}/workspace_clean.log" ;;
        n) DRY_RUN=1 ;;
        t) DROP_TILES=1 ;;
        h) sed -n '2,13p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done

[[ -d "$WORKSPACE" ]] || { echo "no such workspace: $WORKSPACE" >&2; exit 1; }
cd "$WORKSPACE" || exit 1

remove() {
    local target="$1"
    [[ -e "$target" ]] || return 0
    if (( DRY_RUN )); then
        log "would remove $target"
    else
        rm -rf -- "$target" && log "removed $target"
    fi
}

blank() {
    local target="$1"
    [[ -f "$target" ]] || return 0
    if (( DRY_RUN )); then
        log "would reset $target"
    else
        : > "$target" && log "reset $target"
    fi
}

clean_exports() {
    local uploaded="exports/.uploaded" name count=0
    [[ -f "$uploaded" ]] || { log "no upload ledger, exports left alone"; return 0; }
    while IFS= read -r name; do
        # ledger entries are plain file names; ignore anything with a path
        [[ -z "$name" || "$name" == */* ]] && continue
        remove "exports/$name"
        count=$((count + 1))
    done < "$uploaded"
    blank "$uploaded"
    log "cleared $count uploaded export(s)"
}

clean_caches() {
    remove ".cache"
    remove "thumbs"
    find . -maxdepth 2 -name '*.pyc' -print0 2>/dev/null |
        while IFS= read -r -d '' f; do remove "$f"; done
    find . -maxdepth 2 -type d -name '__pycache__' -print0 2>/dev/null |
        while IFS= read -r -d '' d; do remove "$d"; done
}

clean_tiles() {
    if (( DROP_TILES )); then
        remove "build/tiles"
    else
        log "keeping build/tiles (use -t to drop)"
    fi
}

report() {
    local used
    used=$(du -sh . 2>/dev/null | cut -f1)
    log "workspace now uses ${used:-?}"
}

main() {
    log "workspace cleanup starting (workspace=$WORKSPACE dry_run=$DRY_RUN)"
    clean_exports
    clean_caches
    clean_tiles
    report
    log "workspace cleanup done"
}

main
