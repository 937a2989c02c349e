#!/usr/bin/env bash
# scoreboard_relay_deploy.sh
#
# Rolls a new build of the scoreboard feed relay onto the relay host:
# installs the binary, updates its config, opens the board port to the
# scoreboard VLAN and restarts the (already provisioned) service.
#
#   scoreboard_relay_deploy.sh path/to/scoreboard-relay [board_vlan_cidr]
#
set -euo pipefail

BIN_SRC="${1:?usage: $0 path/to/scoreboard-relay [board_vlan_cidr]}"
BOARD_NET="${2:-10.20.4.0/24}"
BOARD_PORT=5005
SERVICE=scoreboard-relay
INSTALL_DIR=/usr/local/bin
CONF_DIR=/etc/scoreboard-relay
SUDO=""

log() { echo "$(date -u +%H:%M:%S) deploy: $*"; }

if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
    $SUDO -v || { log "sudo rights are required to deploy"; exit 1; }
fi

[[ -x "$BIN_SRC" ]] || { log "$BIN_SRC is not an executable"; exit 1; }
version="$("$BIN_SRC" --version 2>/dev/null || echo unknown)"
log "deploying $SERVICE $version"

backup_current() {
    if [[ -x "$INSTALL_DIR/$SERVICE" ]]; then
        $SUDO cp -p "$INSTALL_DIR/$SERVICE" "$INSTALL_DIR/$SERVICE.prev"
        log "kept previous build as $SERVICE.prev"
    fi
}

install_build() {
    $SUDO install -m 0755 -o root -g root "$BIN_SRC" "$INSTALL_DIR/$SERVICE"
    $SUDO mkdir -p "$CONF_DIR"
    if [[ -f ./relay.conf ]]; then
        $SUDO install -m 0644 ./relay.conf "$CONF_DIR/relay.conf"
        log "config updated from ./relay.conf"
    fi
}

open_board_port() {
    if ! $SUDO iptables -C INPUT -p udp -s "$BOARD_NET" --dport "$BOARD_PORT" -j ACCEPT 2>/dev/null; then
        $SUDO iptables -I INPUT -p udp -s "$BOARD_NET" --dport "$BOARD_PORT" -j ACCEPT
        log "opened udp/$BOARD_PORT for $BOARD_NET"
    fi
    # Relay bursts at full-time; give the socket more buffer.
    $SUDO sysctl -q -w net.core.rmem_max=8388608
}

restart_service() {
    $SUDO systemctl daemon-reload
    $SUDO systemctl restart "$SERVICE"
    for _ in {1..10}; do
        if systemctl is-active --quiet "$SERVICE"; then
            log "$SERVICE is active"
            return 0
        fi
        sleep 1
    done
    return 1
}

rollback() {
    log "service failed to come up, rolling back"
    if [[ -x "$INSTALL_DIR/$SERVICE.prev" ]]; then
        $SUDO mv "$INSTALL_DIR/$SERVICE.prev" "$INSTALL_DIR/$SERVICE"
        $SUDO systemctl restart "$SERVICE" || true
    fi
    $SUDO journalctl -u "$SERVICE" -n 30 --no-pager || true
    exit 1
}

backup_current
install_build
open_board_port
restart_service || rollback
log "deploy of $version complete"
