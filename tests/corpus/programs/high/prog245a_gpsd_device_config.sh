#!/usr/bin/env bash
# gpsd_device_config.sh
#
# Points gpsd on a depot gateway at the GPS receivers that are actually
# plugged in.  Receivers get swapped between gateways during the season and
# the device list in gpsd's defaults file goes stale, so the map loses the
# yard vehicles.  Run after swapping hardware.
#
# Usage: gpsd_device_config.sh [--dry-run] [--baud 9600]

set -euo pipefail

DEFAULTS_FILE="/etc/default/gpsd"
BACKUP_DIR="./gpsd-backups"
BAUD=9600
DRY_RUN=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --dry-run) DRY_RUN=1; shift ;;
            --baud) BAUD="$2"; shift 2 ;;
            -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
            *) log "unknown option $1"; exit 2 ;;
        esac
    done
    case "$BAUD" in
        4800|9600|19200|38400|115200) ;;
        *) log "unsupported baud rate $BAUD"; exit 2 ;;
    esac
}

find_receivers() {
    local dev
    for dev in /dev/serial/by-id/*; do
        [[ -e "$dev" ]] || continue
        case "$(basename "$dev")" in
            *u-blox*|*GPS*|*GNSS*|*Prolific*) echo "$dev" ;;
        esac
    done
}

render_defaults() {
    local devices="$1"
    cat <<EOF
# Managed by gpsd_device_config.sh on $(date -u +%FT%TZ)
START_DAEMON="true"
USBAUTO="false"
DEVICES="$devices"
GPSD_OPTIONS="-n -s $BAUD"
EOF
}

backup_current() {
    mkdir -p "$BACKUP_DIR"
    if [[ -f "$DEFAULTS_FILE" ]]; then
        cp "$DEFAULTS_FILE" "$BACKUP_DIR/gpsd.$(date +%Y%m%d%H%M%S)"
        log "previous defaults saved to $BACKUP_DIR"
    fi
}

apply() {
    local content="$1" dev
    echo "$content" | sudo tee "$DEFAULTS_FILE" >/dev/null
    sudo chmod 0644 "$DEFAULTS_FILE"
    sudo chown root:root "$DEFAULTS_FILE"
    for dev in $(find_receivers); do
        sudo chgrp dialout "$(readlink -f "$dev")"
        sudo chmod 0660 "$(readlink -f "$dev")"
    done
    sudo systemctl restart gpsd
    log "gpsd restarted"
}

main() {
    parse_args "$@"
    local receivers devices content
    receivers="$(find_receivers)"
    if [[ -z "$receivers" ]]; then
        log "no GPS receivers found under /dev/serial/by-id"
        exit 1
    fi
    devices="$(echo "$receivers" | tr '\n' ' ' | sed 's/ $//')"
    log "receivers: $devices"
    content="$(render_defaults "$devices")"
    if (( DRY_RUN == 1 )); then
        echo "$content"
        exit 0
    fi
    backup_current
    apply "$content"
    if systemctl is-active --quiet gpsd; then
        log "gpsd is running with $(echo "$receivers" | wc -l) receiver(s)"
    else
        log "gpsd failed to start; previous file is in $BACKUP_DIR"
        exit 1
    fi
}

main "$@"
