#!/usr/bin/env bash
# stream_relay_probe.sh - poll the nginx-rtmp stat page on each relay and
# record which ingest points are live, so the scheduler can route encoders.
#
# usage: stream_relay_probe.sh [-c relays.conf] [-o status] [-i interval] [-1]
set -euo pipefail

CONF="./relays.conf"
OUT_DIR="./status"
INTERVAL=30
ONESHOT=0
LOG_FILE="./relay_probe.log"

log() { printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" | tee -a "$LOG_FILE" >&2; }

usage() {
    sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

while getopts ":c:o:i:1h" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        i) INTERVAL="$OPTARG" ;;
        1) ONESHOT=1 ;;
        h|*) usage ;;
    esac
done

[[ -r "$CONF" ]] || { log ERROR "relay config $CONF not readable"; exit 1; }
mkdir -p "$OUT_DIR"

# relays.conf: one "name url" pair per line, '#' comments allowed
read_relays() {
    grep -Ev '^\s*(#|$)' "$CONF"
}

probe_relay() {
    local name="$1" url="$2" code clients status_file
    status_file="$OUT_DIR/$name.status"
    code=$(curl -s -o /dev/null -w '%{http_code}' -I --max-time 5 "$url/stat" || echo 000)
    if [[ "$code" != "200" ]]; then
        log WARN "$name stat page returned $code"
        printf 'state=down\ncode=%s\nchecked=%s\n' "$code" "$(date +%s)" > "$status_file"
        return 1
    fi
    clients=$(curl -s --max-time 5 "$url/stat" | grep -o '<nclients>[0-9]*' | head -n1 | tr -dc '0-9')
    printf 'state=up\ncode=200\nclients=%s\nchecked=%s\n' "${clients:-0}" "$(date +%s)" > "$status_file"
    log INFO "$name up (${clients:-0} clients)"
    return 0
}

summarise() {
    local up=0 down=0 f
    for f in "$OUT_DIR"/*.status; do
        [[ -e "$f" ]] || continue
        if grep -q '^state=up' "$f"; then up=$((up + 1)); else down=$((down + 1)); fi
    done
    printf '{"up": %d, "down": %d, "ts": %d}\n' "$up" "$down" "$(date +%s)" > "$OUT_DIR/summary.json"
    log INFO "summary: $up up, $down down"
}

run_once() {
    local name url
    while read -r name url; do
        probe_relay "$name" "$url" || true
    done < <(read_relays)
    summarise
}

trap 'log INFO "stopping"; exit 0' INT TERM

while :; do
    run_once
    [[ "$ONESHOT" -eq 1 ]] && break
    sleep "$INTERVAL"
done
