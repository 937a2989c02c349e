#!/usr/bin/env bash
# project_scratch_cleanup.sh - tidy a CAT project folder before archiving.
#
# Removes CAT-tool scratch files, autosaves and preview renders from the
# project folder so the archive only holds deliverables and the final
# bilingual files. Prints how much space was freed.
#
# Usage: project_scratch_cleanup.sh [-n] [PROJECT_DIR]
#   -n  dry run, only list what would be removed
set -uo pipefail

DRY_RUN=0
REMOVED=0
FREED=0

log() { printf '[cleanup] %s\n' "$*"; }

while getopts ":nh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) log "unknown option -$OPTARG"; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
PROJECT_DIR="${1:-.}"
[[ -d "$PROJECT_DIR" ]] || { log "no such directory: $PROJECT_DIR"; exit 2; }
[[ -f "$PROJECT_DIR/.catproject" || -d "$PROJECT_DIR/Reports" ]] \
    || { log "$PROJECT_DIR does not look like a CAT project, refusing"; exit 2; }

size_of() { du -sk -- "$1" 2>/dev/null | cut -f1; }

remove() {
    local target="$1" kb
    kb="$(size_of "$target")"
    if (( DRY_RUN )); then
        log "would remove $target (${kb:-0} KiB)"
    else
        rm -rf -- "$target" && { REMOVED=$((REMOVED + 1)); FREED=$((FREED + ${kb:-0})); }
    fi
}

clean_files() {
    local patterns=( '*.sdlxliff.bak' '*.mqback' '*.tmp' '~$*' '*.autosave' 'Thumbs.db' '.DS_Store' )
    local p f
    for p in "${patterns[@]}"; do
        while IFS= read -r -d '' f; do
            remove "$f"
        done < <(find "$PROJECT_DIR" -type f -name "$p" -print0)
    done
}

clean_dirs() {
    local d
    for d in "$PROJECT_DIR"/.previews "$PROJECT_DIR"/Reports/Temp "$PROJECT_DIR"/__cache__ \
             "$PROJECT_DIR"/build; do
        [[ -e "$d" ]] && remove "$d"
    done
    # empty language folders left behind by cancelled targets
    if (( ! DRY_RUN )); then
        find "$PROJECT_DIR" -mindepth 1 -type d -empty -delete 2>/dev/null || true
    fi
}

main() {
    log "cleaning $PROJECT_DIR"
    clean_files
    clean_dirs
    if (( DRY_RUN )); then
        log "dry run finished"
    else
        log "done, $REMOVED item(s) removed, $((FREED / 1024)) MiB freed"
    fi
}

main
