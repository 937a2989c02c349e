#!/bin/sh
# Point a ride controller host at the park's internal time servers.
# Block-zone timing on the coasters needs every controller within a few ms.
# Usage: ride_clock_sync_setup.sh [--check]

set -eu

PARK_NTP_SERVERS="${PARK_NTP_SERVERS:-198.51.100.10 198.51.100.11}"
CHRONY_CONF="/etc/chrony/chrony.conf"
BACKUP_DIR="${BACKUP_DIR:-./clock-sync-backups}"
MAX_OFFSET_MS="${MAX_OFFSET_MS:-5}"

info() {
    echo "[clock-sync] $*"
}

render_config() {
    echo "# managed by ride maintenance clock-sync setup"
    for server in $PARK_NTP_SERVERS; do
        echo "server $server iburst minpoll 4 maxpoll 6"
    done
    cat <<CONF
driftfile /var/lib/chrony/chrony.drift
makestep 0.1 3
rtcsync
logdir /var/log/chrony
CONF
}

backup_current() {
    mkdir -p "$BACKUP_DIR"
    if [ -f "$CHRONY_CONF" ]; then
        cp "$CHRONY_CONF" "$BACKUP_DIR/chrony.conf.$(date +%Y%m%d%H%M%S)"
        info "backed up existing config"
    fi
}

install_config() {
    render_config | sudo tee "$CHRONY_CONF" >/dev/null
    sudo chown root:root "$CHRONY_CONF"
    sudo chmod 0644 "$CHRONY_CONF"
    info "wrote $CHRONY_CONF"
}

restart_service() {
    if systemctl list-unit-files chrony.service >/dev/null 2>&1; then
        sudo systemctl restart chrony
    else
        sudo systemctl restart chronyd
    fi
    info "time service restarted"
}

check_offset() {
    sleep 5
    offset="$(chronyc tracking 2>/dev/null | awk '/System time/ {print $4}')"
    if [ -z "$offset" ]; then
        info "could not read offset yet"
        return 1
    fi
    ms="$(echo "$offset" | awk '{printf "%d", $1 * 1000}')"
    info "current offset ${ms} ms"
    [ "$ms" -le "$MAX_OFFSET_MS" ]
}

main() {
    if [ "${1:-}" = "--check" ]; then
        check_offset && info "within tolerance" || info "outside tolerance"
        exit 0
    fi
    backup_current
    install_config
    restart_service
    if check_offset; then
        info "controller clock within ${MAX_OFFSET_MS} ms"
    else
        info "offset still settling, re-run with --check in a minute"
    fi
}

main "$@"
