#!/usr/bin/env bash
# socat_metrics_exporter.sh - tiny Prometheus text exporter for hosts where
# node_exporter cannot be installed. Collects a handful of numbers from
# /proc and df every INTERVAL seconds into ./metrics/ and serves the
# latest snapshot over HTTP with socat on all interfaces.
set -euo pipefail

LISTEN_ADDR="${LISTEN_ADDR:-0.0.0.0}"
LISTEN_PORT="${LISTEN_PORT:-9105}"
INTERVAL="${INTERVAL:-15}"
STATE_DIR="./metrics"
RESPONSE="$STATE_DIR/response.http"

log() { logger -t socat-exporter -- "$*" 2>/dev/null || true; echo "$*" >&2; }

collect() {
    local load1 load5 load15 mem_total mem_avail
    read -r load1 load5 load15 _ </proc/loadavg
    mem_total="$(awk '/^MemTotal:/ {print $2 * 1024}' /proc/meminfo)"
    mem_avail="$(awk '/^MemAvailable:/ {print $2 * 1024}' /proc/meminfo)"

    printf '# TYPE host_load gauge\n'
    printf 'host_load{window="1m"} %s\n' "$load1"
    printf 'host_load{window="5m"} %s\n' "$load5"
    printf 'host_load{window="15m"} %s\n' "$load15"
    printf '# TYPE host_memory_bytes gauge\n'
    printf 'host_memory_bytes{kind="total"} %s\n' "$mem_total"
    printf 'host_memory_bytes{kind="available"} %s\n' "$mem_avail"
    printf '# TYPE host_fs_used_ratio gauge\n'
    df -P -x tmpfs -x devtmpfs -x overlay 2>/dev/null \
        | awk 'NR > 1 { gsub(/%/, "", $5); printf "host_fs_used_ratio{mount=\"%s\"} %.2f\n", $6, $5 / 100 }'
    printf '# TYPE host_cpus gauge\nhost_cpus %s\n' "$(grep -c '^processor' /proc/cpuinfo)"
}

# Wrap the metrics body in a minimal HTTP/1.0 response, atomically.
render() {
    local body tmp
    body="$(collect)"
    tmp="$RESPONSE.new"
    {
        printf 'HTTP/1.0 200 OK\r\n'
        printf 'Content-Type: text/plain; version=0.0.4\r\n'
        printf 'Content-Length: %d\r\n' "$(( ${#body} + 1 ))"
        printf 'Connection: close\r\n\r\n'
        printf '%s\n' "$body"
    } >"$tmp"
    mv -f "$tmp" "$RESPONSE"
}

collector_loop() {
    while true; do
        render || log "collection failed"
        sleep "$INTERVAL"
    done
}

cleanup() {
    log "stopping exporter"
    [ -n "${COLLECTOR_PID:-}" ] && kill "$COLLECTOR_PID" 2>/dev/null
    exit 0
}

command -v socat >/dev/null || { log "socat is required"; exit 1; }
mkdir -p "$STATE_DIR"
render

collector_loop &
COLLECTOR_PID=$!
trap cleanup INT TERM

log "serving metrics on http://$LISTEN_ADDR:$LISTEN_PORT/ (refresh ${INTERVAL}s)"
# Every connection gets the current snapshot file, read-only.
socat -T 5 \
    "TCP-LISTEN:${LISTEN_PORT},bind=${LISTEN_ADDR},reuseaddr,fork" \
    "OPEN:${RESPONSE},rdonly" &
SOCAT_PID=$!
wait "$SOCAT_PID"
