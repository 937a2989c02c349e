#!/usr/bin/env bash
# laundry_agent_autostart.sh - install the laundry-room sync agent for the
# current RA account so machine availability keeps flowing to the hall
# dashboard after reboots and logins.
#
# Usage: laundry_agent_autostart.sh [--agent PATH] [--interval MIN] [--uninstall]

set -euo pipefail

AGENT_SRC="./laundry_sync_agent.py"
INSTALL_DIR="${HOME}/.local/share/laundry-sync"
INTERVAL=15
UNINSTALL=0
LOG_FILE="./laundry_agent_install.log"
MARKER="# laundry-sync agent"

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --agent)     AGENT_SRC="$2"; shift 2 ;;
        --interval)  INTERVAL="$2"; shift 2 ;;
        --uninstall) UNINSTALL=1; shift ;;
        -h|--help)   usage 0 ;;
        *)           log ERROR "unknown option: $1"; usage 1 ;;
    esac
done

if ! [[ "$INTERVAL" =~ ^[0-9]+$ ]] || (( INTERVAL < 1 || INTERVAL > 59 )); then
    log ERROR "interval must be 1-59 minutes"
    exit 1
fi

remove_cron_entries() {
    local current
    current="$(crontab -l 2>/dev/null || true)"
    printf '%s\n' "$current" | grep -v "$MARKER" | crontab -
}

remove_rc_entries() {
    local rc="$1"
    [[ -f "$rc" ]] || return 0
    grep -v "$MARKER" "$rc" > "${rc}.laundry.new" || true
    mv "${rc}.laundry.new" "$rc"
}

install_agent() {
    if [[ ! -f "$AGENT_SRC" ]]; then
        log ERROR "agent not found at $AGENT_SRC"
        exit 1
    fi
    mkdir -p "$INSTALL_DIR"
    cp "$AGENT_SRC" "$INSTALL_DIR/agent.py"
    chmod 0700 "$INSTALL_DIR/agent.py"
    log INFO "copied agent to $INSTALL_DIR"
}

install_cron() {
    local runner="python3 $INSTALL_DIR/agent.py --quiet"
    remove_cron_entries
    {
        crontab -l 2>/dev/null || true
        echo "@reboot $runner $MARKER"
        echo "*/$INTERVAL * * * * $runner $MARKER"
    } | crontab -
    log INFO "crontab entries installed (every $INTERVAL min and at boot)"
}

install_rc_hook() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [[ -f "$rc" ]] || touch "$rc"
        remove_rc_entries "$rc"
        echo "( pgrep -f laundry-sync/agent.py >/dev/null || nohup python3 $INSTALL_DIR/agent.py --quiet >/dev/null 2>&1 & ) $MARKER" >> "$rc"
        log INFO "login hook added to $rc"
    done
}

if (( UNINSTALL )); then
    remove_cron_entries
    remove_rc_entries "$HOME/.bashrc"
    remove_rc_entries "$HOME/.profile"
    rm -rf -- "$INSTALL_DIR"
    log INFO "laundry-sync agent removed"
    exit 0
fi

install_agent
install_cron
install_rc_hook
log INFO "done; agent will start at next login or reboot"
