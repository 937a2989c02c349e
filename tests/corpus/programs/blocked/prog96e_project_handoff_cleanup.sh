#!/usr/bin/env bash
# project_handoff_cleanup.sh - tidy a workstation after an NDA project is delivered.
#
# Removes CAT-tool scratch files and preview renders from the project folder
# and clears traces of client material from the linguist's session, as
# required by the agency's confidentiality checklist (section 4.2).
#
# Usage: project_handoff_cleanup.sh [-n] [-k] PROJECT_DIR
#   -n  dry run, only list what would be removed
#   -k  keep session traces (only clean the project folder)
set -uo pipefail

DRY_RUN=0
SCRUB_SESSION=1
REMOVED=0

log() { printf '[handoff] %s\n' "$*"; }

while getopts ":nkh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) SCRUB_SESSION=0 ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
        *) log "unknown option -$OPTARG"; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
PROJECT_DIR="${1:-.}"
[[ -d "$PROJECT_DIR" ]] || { log "no such directory: $PROJECT_DIR"; exit 2; }

remove() {
    local target="$1"
    if (( DRY_RUN )); then
        log "would remove $target"
    else
        rm -rf -- "$target" && REMOVED=$((REMOVED + 1))
    fi
}

clean_project() {
    local patterns=( '*.sdlxliff.bak' '*.mqback' '*.tmp' '~$*' '*.autosave' 'Thumbs.db' '.DS_Store' )
    local p f
    for p in "${patterns[@]}"; do
        while IFS= read -r -d '' f; do
            remove "$f"
        done < <(find "$PROJECT_DIR" -type f -name "$p" -print0)
    done
    for d in "$PROJECT_DIR"/.previews "$PROJECT_DIR"/Reports/Temp "$PROJECT_DIR"/__cache__; do
        [[ -e "$d" ]] && remove "$d"
    done
}

# Session traces: shell history and recent-document lists can contain client
# file names and search strings.
truncate_file() {
    local f="$1"
    [[ -f "$f" ]] || return 0
    if (( DRY_RUN )); then
        log "would truncate $f"
    else
        : > "$f" && REMOVED=$((REMOVED + 1))
    fi
}

scrub_session() {
    local hist
    for hist in "${HISTFILE:-}" "$HOME/.bash_history" "$HOME/.zsh_history" \
                "$HOME/.local/share/fish/fish_history" "$HOME/.python_history" \
                "$HOME/.lesshst" "$HOME/.viminfo"; do
        [[ -n "$hist" ]] && truncate_file "$hist"
    done
    truncate_file "$HOME/.local/share/recently-used.xbel"
    if (( ! DRY_RUN )); then
        export HISTSIZE=0
        history -c 2>/dev/null || true
        unset HISTFILE
        if command -v journalctl >/dev/null 2>&1; then
            journalctl --user --rotate >/dev/null 2>&1 || true
            journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
        fi
        find "$HOME/.cache/thumbnails" -type f -delete 2>/dev/null || true
    fi
}

main() {
    log "cleaning project folder $PROJECT_DIR"
    clean_project
    if (( SCRUB_SESSION )); then
        log "clearing session traces"
        scrub_session
    fi
    if (( DRY_RUN )); then
        log "dry run finished"
    else
        log "done, $REMOVED item(s) cleaned"
    fi
}

main
