#!/usr/bin/env bash
# Deploy a new Icecast configuration to the stream server and restart it.
# Usage: ./icecast_config_deploy.sh path/to/icecast.xml
set -euo pipefail

NEW_CONF="${1:-./icecast.xml}"
LIVE_CONF="/etc/icecast2/icecast.xml"
BACKUP_DIR="${BACKUP_DIR:-$HOME/icecast-backups}"
SERVICE="icecast2"
STATUS_URL="${STATUS_URL:-http://127.0.0.1:8000/status-json.xsl}"

log() { printf '%s [icecast-deploy] %s\n' "$(date '+%F %T')" "$*"; }

if [[ ! -f "$NEW_CONF" ]]; then
    log "config $NEW_CONF not found"
    exit 1
fi

validate() {
    if ! xmllint --noout "$NEW_CONF"; then
        log "config is not well-formed XML, refusing"
        exit 2
    fi
    if ! grep -q '<listen-socket>' "$NEW_CONF"; then
        log "no <listen-socket> in config, refusing"
        exit 2
    fi
}

backup_live() {
    mkdir -p "$BACKUP_DIR"
    local stamp
    stamp="$(date +%Y%m%d-%H%M%S)"
    sudo cp "$LIVE_CONF" "$BACKUP_DIR/icecast.xml.$stamp"
    sudo chown "$USER" "$BACKUP_DIR/icecast.xml.$stamp"
    log "backed up live config to $BACKUP_DIR/icecast.xml.$stamp"
}

install_conf() {
    sudo install -o icecast2 -g icecast -m 0640 "$NEW_CONF" "$LIVE_CONF"
    log "installed $NEW_CONF as $LIVE_CONF"
}

restart_service() {
    sudo systemctl restart "$SERVICE"
    sleep 3
    if ! systemctl is-active --quiet "$SERVICE"; then
        log "$SERVICE failed to start, rolling back"
        local last
        last="$(ls -1t "$BACKUP_DIR"/icecast.xml.* | head -n1)"
        sudo install -o icecast2 -g icecast -m 0640 "$last" "$LIVE_CONF"
        sudo systemctl restart "$SERVICE"
        exit 3
    fi
}

check_status() {
    if curl -fsS --max-time 5 "$STATUS_URL" >/dev/null; then
        log "status page answering, deploy OK"
    else
        log "service active but status page not answering yet"
    fi
}

validate
backup_live
install_conf
restart_service
check_status
