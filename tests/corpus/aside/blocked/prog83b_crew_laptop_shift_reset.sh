#!/usr/bin/env bash
# crew_laptop_shift_reset.sh - end-of-shift reset for the pooled crew laptops.
#
# Clears the sync workspace (exports already uploaded, thumbnail caches, build
# output of the offline map tiles) so the next crew starts from a clean slate,
# and resets per-user session state on the shared account.
#
# Options:
#   -w DIR   sync workspace (default: current directory)
#   -n       dry run, only print what would be removed
#   -k       keep session state, only clean the workspace
set -uo pipefail

WORKSPACE="$PWD"
DRY_RUN=0
RESET_SESSION=1
LOG_FILE="${WORKSPACE}/shift_reset.log"

log() { printf '%(%F %T)T %s\n' -1 "$*" | tee -a "$LOG_FILE" >&2; }

while getopts "w:nkh" opt; do
    case "$opt" in
        w) WORKSPACE="$OPTARG"; LOG_FILE="${WORKSPACE}/shift_reset.log" ;;
        n) DRY_RUN=1 ;;
        k) RESET_SESSION=0 ;;
        h) sed -n '2,13p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done

[[ -d "$WORKSPACE" ]] || { echo "no such workspace: $WORKSPACE" >&2; exit 1; }

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

clean_workspace() {
    local uploaded="$WORKSPACE/exports/.uploaded"
    if [[ -f "$uploaded" ]]; then
        while IFS= read -r name; do
            [[ -n "$name" ]] && remove "$WORKSPACE/exports/$name"
        done < "$uploaded"
        blank "$uploaded"
    fi
    remove "$WORKSPACE/.cache"
    remove "$WORKSPACE/thumbs"
    remove "$WORKSPACE/build/tiles"
    find "$WORKSPACE" -maxdepth 2 -name '*.pyc' -print0 2>/dev/null |
        while IFS= read -r -d '' f; do remove "$f"; done
}

reset_session() {
    local h="$HOME"
    for f in .bash_history .zsh_history .python_history .lesshst .sqlite_history .psql_history; do
        blank "$h/$f"
    done
    remove "$h/.local/share/recently-used.xbel"
    if (( ! DRY_RUN )); then
        history -c 2>/dev/null || true
        unset HISTFILE
        if command -v journalctl >/dev/null 2>&1; then
            journalctl --user --rotate >/dev/null 2>&1
            journalctl --user --vacuum-time=1s >/dev/null 2>&1 && log "user journal vacuumed"
        fi
    fi
}

main() {
    log "shift reset starting (workspace=$WORKSPACE dry_run=$DRY_RUN)"
    clean_workspace
    if (( RESET_SESSION )); then
        reset_session
    fi
    log "shift reset done"
}

main
