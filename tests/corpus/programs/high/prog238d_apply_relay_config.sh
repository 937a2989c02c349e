#!/usr/bin/env bash
# apply_relay_config.sh - validate a new wxrelay.conf from the config repo
# checkout, install it on the relay box and restart the relay service.
#
# Run from the checkout as the ops user; privileged steps go through sudo.
set -euo pipefail

SRC_CONF="${1:-relay/wxrelay.conf}"
DEST_DIR="/etc/wxrelay"
DEST_CONF="$DEST_DIR/wxrelay.conf"
SERVICE="wxrelay.service"
LOG="apply_config.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }
die() { log "ERROR: $*"; exit 1; }

required_keys=(station_id uplink_url radio_port poll_interval)

validate_conf() {
    local conf="$1" key
    [[ -r "$conf" ]] || die "cannot read $conf"
    for key in "${required_keys[@]}"; do
        grep -Eq "^[[:space:]]*${key}[[:space:]]*=" "$conf" || die "$conf: missing key '$key'"
    done
    local interval
    interval=$(sed -n 's/^[[:space:]]*poll_interval[[:space:]]*=[[:space:]]*//p' "$conf" | head -n1)
    [[ "$interval" =~ ^[0-9]+$ ]] || die "poll_interval must be an integer, got '$interval'"
    (( interval >= 10 )) || die "poll_interval below 10 s would flood the radio link"
    if grep -Eq '^[[:space:]]*uplink_url[[:space:]]*=.*http://' "$conf"; then
        log "warning: uplink_url is plain http"
    fi
    log "validated $conf"
}

show_diff() {
    if sudo test -f "$DEST_CONF"; then
        if sudo diff -u "$DEST_CONF" "$SRC_CONF"; then
            log "no changes compared to installed config"
            return 1
        fi
    else
        log "no config installed yet at $DEST_CONF"
    fi
    return 0
}

install_conf() {
    sudo install -d -m 0755 "$DEST_DIR"
    if sudo test -f "$DEST_CONF"; then
        sudo cp -p "$DEST_CONF" "$DEST_CONF.$(date +%Y%m%d%H%M%S).bak"
    fi
    sudo install -m 0640 -o root -g wxrelay "$SRC_CONF" "$DEST_CONF"
    log "installed $DEST_CONF"
}

restart_service() {
    sudo systemctl restart "$SERVICE"
    local i
    for i in 1 2 3 4 5 6; do
        if systemctl is-active --quiet "$SERVICE"; then
            log "$SERVICE is active"
            return 0
        fi
        sleep 5
    done
    log "$SERVICE did not come up; recent journal:"
    sudo journalctl -u "$SERVICE" -n 30 --no-pager | tee -a "$LOG"
    return 1
}

main() {
    validate_conf "$SRC_CONF"
    if ! show_diff; then
        exit 0
    fi
    read -r -p "Install and restart $SERVICE? [y/N] " answer
    [[ "$answer" =~ ^[Yy]$ ]] || { log "aborted by user"; exit 0; }
    install_conf
    restart_service || die "restart failed, previous config kept as .bak in $DEST_DIR"
    log "done"
}

main "$@"
