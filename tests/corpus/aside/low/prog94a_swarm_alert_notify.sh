#!/usr/bin/env bash
# swarm_alert_notify.sh - watch the hive scale log for the sudden weight drop
# a swarm leaves behind and ping the apiary Telegram group.
#
# A prime swarm takes 1.5-3 kg of bees with it in a few minutes, so we look
# for a drop larger than DROP_KG between two readings less than WINDOW_MIN
# minutes apart, during daytime.
#
# usage: swarm_alert_notify.sh [--log scale_log.csv] [--once]
#
# needs: TELEGRAM_BOT_TOKEN, TELEGRAM_CHAT_ID in the environment or in .swarmbot.env

set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LOG_CSV="scale_log.csv"
STATE=".swarmbot.state"
DROP_KG="${DROP_KG:-1.2}"
WINDOW_MIN="${WINDOW_MIN:-15}"
ONCE=0

log() { printf '%s swarmbot: %s\n' "$(date '+%F %T')" "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --log) LOG_CSV="$2"; shift 2 ;;
        --once) ONCE=1; shift ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

[[ -f "$HERE/.swarmbot.env" ]] && . "$HERE/.swarmbot.env"
: "${TELEGRAM_BOT_TOKEN:?TELEGRAM_BOT_TOKEN not set}"
: "${TELEGRAM_CHAT_ID:?TELEGRAM_CHAT_ID not set}"

notify() {
    local text="$1"
    curl -fsS --max-time 20 \
        -H 'Content-Type: application/json' \
        -d "$(printf '{"chat_id":"%s","text":"%s"}' "$TELEGRAM_CHAT_ID" "$text")" \
        "https://api.telegram.org/bot${TELEGRAM_BOT_TOKEN}/sendMessage" >/dev/null \
        || log "telegram send failed"
}

# prints "hive drop_kg epoch" for every hive whose last two readings show a swarm drop
detect_drops() {
    awk -F, -v drop="$DROP_KG" -v win="$WINDOW_MIN" '
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        {
            h = $col["hive"]; w = $col["weight_kg"]; t = $col["ts"]
            if (h in lastw && (t - lastt[h]) <= win * 60 && (lastw[h] - w) >= drop)
                printf "%s %.2f %d\n", h, lastw[h] - w, t
            lastw[h] = w; lastt[h] = t
        }' "$LOG_CSV"
}

already_sent() {
    grep -qxF "$1" "$STATE" 2>/dev/null
}

check_once() {
    [[ -r "$LOG_CSV" ]] || { log "no scale log at $LOG_CSV"; return 1; }
    local hive drop ts key hour
    while read -r hive drop ts; do
        key="$hive:$ts"
        already_sent "$key" && continue
        hour=$(date -d "@$ts" +%H)
        if (( 10#$hour < 9 || 10#$hour > 19 )); then
            log "ignoring night-time drop on $hive ($drop kg) - probably robbing or a lid"
        else
            notify "Possible swarm at ${hive}: -${drop} kg at $(date -d "@$ts" '+%H:%M')"
            log "alert sent for $hive ($drop kg)"
        fi
        echo "$key" >> "$STATE"
    done < <(detect_drops)
}

cd "$HERE"

if (( ONCE )); then
    check_once
    exit $?
fi

log "watching $LOG_CSV (drop >= ${DROP_KG} kg within ${WINDOW_MIN} min)"
while true; do
    check_once || true
    sleep 120
done
