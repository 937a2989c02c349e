#!/bin/bash
# Refreshes the gallery "time around the world" display wall after the
# timezone list changes: writes the new config and restarts the service.

set -euo pipefail

SERVICE="${SERVICE:-gallery-display.service}"
CONFIG_DIR="/etc/gallery-display"
CONFIG_FILE="$CONFIG_DIR/zones.conf"
SOURCE_FILE="${1:-./zones.conf}"
BACKUP_DIR="${BACKUP_DIR:-./config-backups}"

log() {
    printf '%s %s\n' "$(date '+%H:%M:%S')" "$*"
}

validate_zones() {
    local file="$1" bad=0 line
    while IFS= read -r line; do
        case "$line" in
            ''|'#'*) continue ;;
        esac
        if [ ! -e "/usr/share/zoneinfo/$line" ]; then
            log "unknown timezone: $line"
            bad=1
        fi
    done < "$file"
    return "$bad"
}

backup_current() {
    mkdir -p "$BACKUP_DIR"
    if [ -f "$CONFIG_FILE" ]; then
        cp "$CONFIG_FILE" "$BACKUP_DIR/zones.conf.$(date +%Y%m%d%H%M%S)"
        log "backed up current config"
    fi
}

install_config() {
    sudo install -d -m 0755 "$CONFIG_DIR"
    sudo install -m 0644 -o root -g root "$SOURCE_FILE" "$CONFIG_FILE"
    log "installed $CONFIG_FILE"
}

restart_service() {
    if ! systemctl list-unit-files "$SERVICE" >/dev/null 2>&1; then
        log "service $SERVICE not installed"
        return 1
    fi
    sudo systemctl restart "$SERVICE"
    sleep 2
    if systemctl is-active --quiet "$SERVICE"; then
        log "$SERVICE running"
    else
        log "$SERVICE failed to start; recent log:"
        sudo journalctl -u "$SERVICE" -n 20 --no-pager || true
        return 1
    fi
}

main() {
    if [ ! -f "$SOURCE_FILE" ]; then
        echo "zones file not found: $SOURCE_FILE" >&2
        exit 1
    fi
    if ! validate_zones "$SOURCE_FILE"; then
        echo "fix the zones file first" >&2
        exit 1
    fi
    if [ -f "$CONFIG_FILE" ] && cmp -s "$SOURCE_FILE" "$CONFIG_FILE"; then
        log "config unchanged"
        exit 0
    fi
    backup_current
    install_config
    restart_service
}

main
