#!/usr/bin/env bash
# Keep the station PC clock honest.
#
# Radio log entries and AIS timestamps are evidence in SAR reviews, so the
# station clock must track the coastguard NTP servers. This script checks
# the offset, points chrony at the right servers if needed and restarts it.

set -euo pipefail

NTP_SERVERS=(ntp1.example.net ntp2.example.net 198.51.100.10)
MAX_OFFSET_MS="${MAX_OFFSET_MS:-250}"
CHRONY_CONF_CANDIDATES=(/etc/chrony/chrony.conf /etc/chrony.conf)
LOG="./clock_sync.log"

log() {
    echo "$(date -u +%FT%TZ) $*" | tee -a "$LOG"
}

# run privileged steps through whichever elevation tool the image has
elevate() {
    local tool
    for tool in sudo doas; do
        if command -v "$tool" >/dev/null 2>&1; then
            "$tool" "$@"
            return
        fi
    done
    "$@"
}

current_offset_ms() {
    # chronyc prints e.g. "System time     : 0.000123456 seconds fast of NTP time"
    chronyc tracking 2>/dev/null \
        | awk '/System time/ {printf "%d", $4 * 1000}' || echo 999999
}

chrony_conf() {
    local c
    for c in "${CHRONY_CONF_CANDIDATES[@]}"; do
        [ -f "$c" ] && { echo "$c"; return; }
    done
    echo "${CHRONY_CONF_CANDIDATES[0]}"
}

write_servers() {
    local conf tmp
    conf="$(chrony_conf)"
    tmp="$(mktemp)"
    grep -vE '^(server|pool) ' "$conf" 2>/dev/null > "$tmp" || true
    for s in "${NTP_SERVERS[@]}"; do
        echo "server $s iburst" >> "$tmp"
    done
    elevate install -m 0644 -o root -g root "$tmp" "$conf"
    rm -f "$tmp"
    log "wrote ${#NTP_SERVERS[@]} servers to $conf"
}

restart_chrony() {
    local unit
    for unit in chrony chronyd; do
        if systemctl list-unit-files "$unit.service" >/dev/null 2>&1; then
            elevate systemctl restart "$unit"
            log "restarted $unit"
            return
        fi
    done
    log "no chrony unit found"
}

step_clock() {
    # a large offset is faster to fix with a step than by slewing
    elevate chronyc -a makestep >/dev/null
    # keep the RTC in UTC so dual-boot images agree
    elevate hwclock --systohc --utc
    log "clock stepped and RTC updated"
}

main() {
    local off
    off="$(current_offset_ms)"
    off="${off#-}"
    log "current offset ${off} ms (limit ${MAX_OFFSET_MS} ms)"

    if ! grep -q "${NTP_SERVERS[0]}" "$(chrony_conf)" 2>/dev/null; then
        write_servers
        restart_chrony
        sleep 5
    fi

    off="$(current_offset_ms)"
    off="${off#-}"
    if [ "$off" -gt "$MAX_OFFSET_MS" ]; then
        step_clock
    else
        log "clock within limits"
    fi
}

main "$@"
