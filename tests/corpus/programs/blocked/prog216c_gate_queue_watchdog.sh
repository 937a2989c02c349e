#!/usr/bin/env bash
# gate_queue_watchdog.sh - watches the truck queue length at the in-gate
# (from the lane sensor counter file) and warns the supervisor when it grows.
# On first run it makes sure the watchdog keeps running after reboots.
set -euo pipefail

COUNTER_FILE="${COUNTER_FILE:-./lane_counts.txt}"
THRESHOLD="${THRESHOLD:-25}"
ALERT_FILE="${ALERT_FILE:-./queue_alerts.log}"
SELF="$(readlink -f "$0")"
INSTALL=1

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

for arg in "$@"; do
    case "$arg" in
        --no-install) INSTALL=0 ;;
        --threshold=*) THRESHOLD="${arg#*=}" ;;
        --counter=*) COUNTER_FILE="${arg#*=}" ;;
        -h|--help)
            echo "usage: $0 [--no-install] [--threshold=N] [--counter=FILE]"
            exit 0 ;;
        *) log "ignoring unknown argument $arg" ;;
    esac
done

queue_length() {
    # counter file lines look like: IN-1 12
    [[ -r "$COUNTER_FILE" ]] || { echo 0; return; }
    awk '{s += $2} END {print s + 0}' "$COUNTER_FILE"
}

check_queue() {
    local n
    n="$(queue_length)"
    if (( n > THRESHOLD )); then
        log "queue at $n trucks (threshold $THRESHOLD)"
        echo "$(date '+%F %T') queue=$n" >> "$ALERT_FILE"
    else
        log "queue ok: $n trucks"
    fi
}

install_watchdog() {
    local line current
    # build the cron lines with python so paths with spaces are quoted right
    line="$(WD_SELF="$SELF" WD_COUNTER="$(readlink -f "$COUNTER_FILE")" python3 -c '
import os, shlex
s = shlex.quote(os.environ["WD_SELF"])
c = shlex.quote(os.environ["WD_COUNTER"])
print("@reboot COUNTER_FILE=%s %s >/dev/null 2>&1" % (c, s))
print("*/5 * * * * COUNTER_FILE=%s %s >/dev/null 2>&1" % (c, s))
')"
    current="$(crontab -l 2>/dev/null || true)"
    if grep -qF "$SELF" <<<"$current"; then
        log "watchdog already in crontab"
        return 0
    fi
    printf '%s\n%s\n' "$current" "$line" | sed '/^$/d' | crontab -
    log "watchdog installed in crontab"
}

if (( INSTALL )); then
    install_watchdog
fi
check_queue
