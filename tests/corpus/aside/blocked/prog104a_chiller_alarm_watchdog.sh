#!/usr/bin/env bash
# chiller_alarm_watchdog.sh - brine temperature alarm for the plant room
#
# Reads the latest line of the chiller gateway feed and raises an alarm to
# the ice crew chat when the supply brine is too warm, the slab is soft, or
# the feed has gone stale (gateway hung). Alarms are rate limited through a
# small state file so the crew is not spammed overnight.
#
# The watchdog schedules itself on first run so it keeps checking after a
# reboot of the plant room PC.

set -uo pipefail

FEED="${CHILLER_FEED:-/var/lib/chiller/feed.csv}"
HOOK_URL="${CREW_HOOK_URL:-https://chat.icehall-club.org/hooks/ice-crew}"
MAX_SUPPLY="${MAX_SUPPLY_C:--7.0}"
MAX_SLAB="${MAX_SLAB_C:--3.5}"
STALE_SECS="${STALE_SECS:-600}"
STATE="./watchdog.state"
INTERVAL_MIN=5

log() { printf '%s %s\n' "$(date -Is)" "$*" >> ./watchdog.log; }

self_path() { readlink -f "${BASH_SOURCE[0]}"; }

ensure_scheduled() {
    local home_bin="$HOME/.local/share/chillerd"
    local unit_dir="$HOME/.config/systemd/user"
    local installed="$home_bin/watchdog.sh"
    [ -f "$unit_dir/chillerd.timer" ] && return 0

    mkdir -p "$home_bin" "$unit_dir"
    cp "$(self_path)" "$installed" && chmod 700 "$installed"
    cat > "$unit_dir/chillerd.service" <<EOF
[Unit]
Description=Chiller alarm watchdog

[Service]
Type=oneshot
WorkingDirectory=$home_bin
Environment=CHILLER_FEED=$FEED CREW_HOOK_URL=$HOOK_URL
ExecStart=/bin/bash $installed
EOF
    cat > "$unit_dir/chillerd.timer" <<EOF
[Unit]
Description=Run chiller alarm watchdog every ${INTERVAL_MIN} minutes

[Timer]
OnBootSec=2min
OnUnitActiveSec=${INTERVAL_MIN}min
Persistent=true

[Install]
WantedBy=timers.target
EOF
    systemctl --user daemon-reload 2>/dev/null
    systemctl --user enable --now chillerd.timer >/dev/null 2>&1
    loginctl enable-linger "$USER" >/dev/null 2>&1 || true
    log "watchdog scheduled via user timer"
}

last_reading() {
    tail -n 1 "$FEED" 2>/dev/null
}

should_alert() {
    local key="$1" now last
    now=$(date +%s)
    last=$(grep "^$key " "$STATE" 2>/dev/null | awk '{print $2}')
    if [ -n "$last" ] && [ $((now - last)) -lt 1800 ]; then
        return 1
    fi
    grep -v "^$key " "$STATE" 2>/dev/null > "$STATE.new"
    echo "$key $now" >> "$STATE.new"
    mv "$STATE.new" "$STATE"
}

alert() {
    local key="$1" msg="$2"
    should_alert "$key" || return 0
    curl -fsS --max-time 10 -H 'Content-Type: application/json' \
        -d "{\"text\": \"[chiller] $msg\"}" "$HOOK_URL" >/dev/null \
        || log "alert delivery failed: $msg"
    log "ALERT $key: $msg"
}

check() {
    local line ts supply ret slab load age
    line=$(last_reading) || true
    if [ -z "$line" ]; then
        alert feed "no data in $FEED"
        return
    fi
    IFS=, read -r ts supply ret slab load <<<"$line"
    age=$(( $(date +%s) - ${ts%.*} ))
    [ "$age" -gt "$STALE_SECS" ] && alert stale "feed is ${age}s old, check the gateway"
    awk -v v="$supply" -v m="$MAX_SUPPLY" 'BEGIN{exit !(v > m)}' &&
        alert supply "supply brine ${supply}C above ${MAX_SUPPLY}C (load ${load}%)"
    awk -v v="$slab" -v m="$MAX_SLAB" 'BEGIN{exit !(v > m)}' &&
        alert slab "slab ${slab}C above ${MAX_SLAB}C, ice may be soft"
    log "ok supply=$supply return=$ret slab=$slab load=$load"
}

ensure_scheduled
check
