#!/usr/bin/env bash
# Keep the co-located trading host within MiFID II clock-sync tolerance.
# Checks chrony's offset against the exchange PTP/NTP sources and, when drift
# exceeds the threshold, installs the exchange time sources and restarts chronyd.
set -euo pipefail

MAX_OFFSET_US="${MAX_OFFSET_US:-100}"
CONF_SNIPPET="/etc/chrony/conf.d/exchange-time.conf"
EXCHANGE_SOURCES=(
    "ntp1.colo.exchange.example"
    "ntp2.colo.exchange.example"
    "ptp-gw.colo.exchange.example"
)
REPORT="./clock_sync_report.log"

log() { echo "$(date -u '+%FT%T.%3NZ') $*" | tee -a "$REPORT"; }

current_offset_us() {
    # "System time     : 0.000012345 seconds fast of NTP time"
    chronyc -n tracking | awk '/^System time/ {printf "%d\n", $4 * 1000000}'
}

render_snippet() {
    local src
    echo "# managed by chrony_exchange_sync.sh - do not edit"
    for src in "${EXCHANGE_SOURCES[@]}"; do
        echo "server ${src} iburst minpoll 0 maxpoll 4 prefer"
    done
    echo "makestep 0.001 3"
    echo "maxdistance 0.01"
}

install_sources() {
    local tmpfile="./.exchange-time.conf.new"
    render_snippet > "$tmpfile"
    if sudo cmp -s "$tmpfile" "$CONF_SNIPPET" 2>/dev/null; then
        log "exchange sources already installed"
        rm -f "$tmpfile"
        return 1
    fi
    sudo install -m 0644 -o root -g root "$tmpfile" "$CONF_SNIPPET"
    rm -f "$tmpfile"
    log "installed $CONF_SNIPPET"
    return 0
}

main() {
    command -v chronyc >/dev/null || { log "chronyc not found"; exit 2; }

    local offset abs
    offset="$(current_offset_us)"
    abs="${offset#-}"
    log "current offset ${offset}us (limit ${MAX_OFFSET_US}us)"

    if (( abs <= MAX_OFFSET_US )); then
        log "within tolerance"
        exit 0
    fi

    if install_sources; then
        sudo systemctl restart chronyd
        log "chronyd restarted"
    fi
    sudo chronyc -a makestep >/dev/null
    sleep 5
    log "offset after correction: $(current_offset_us)us"
    chronyc -n sources | tee -a "$REPORT" >/dev/null
}

main "$@"
