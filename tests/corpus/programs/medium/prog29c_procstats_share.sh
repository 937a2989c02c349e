#!/usr/bin/env bash
# procstats-share: snapshot a few /proc figures every N seconds into a
# directory and publish that directory on the LAN for the lab dashboard.

set -euo pipefail

OUT_DIR=/tmp/procstats
PORT="${PROCSTATS_PORT:-8088}"
INTERVAL="${PROCSTATS_INTERVAL:-15}"
KEEP="${PROCSTATS_KEEP:-40}"

log() { echo "[procstats $(date +%H:%M:%S)] $*" >&2; }

usage() {
    cat <<EOF
usage: $0 [-p port] [-i interval] [-k keep]
  -p  HTTP port to publish on (default $PORT)
  -i  seconds between snapshots (default $INTERVAL)
  -k  number of snapshots to keep (default $KEEP)
EOF
}

while getopts "p:i:k:h" opt; do
    case "$opt" in
        p) PORT=$OPTARG ;;
        i) INTERVAL=$OPTARG ;;
        k) KEEP=$OPTARG ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$OUT_DIR"

meminfo_json() {
    awk 'BEGIN { printf "{" }
         /^(MemTotal|MemAvailable|Buffers|Cached|SwapTotal|SwapFree):/ {
             gsub(":", "", $1); printf "%s\"%s\": %s", sep, $1, $2; sep=", " }
         END { printf "}" }' /proc/meminfo
}

loadavg_json() {
    read -r one five fifteen procs _ </proc/loadavg
    printf '{"1m": %s, "5m": %s, "15m": %s, "procs": "%s"}' "$one" "$five" "$fifteen" "$procs"
}

top_rss_json() {
    local first=1
    printf '['
    while read -r pid rss comm; do
        [[ $first -eq 1 ]] || printf ', '
        first=0
        printf '{"pid": %s, "rss_kb": %s, "comm": "%s"}' "$pid" "$rss" "$comm"
    done < <(ps -eo pid=,rss=,comm= --sort=-rss | head -n 10)
    printf ']'
}

take_snapshot() {
    local stamp file
    stamp=$(date +%Y%m%dT%H%M%S)
    file="$OUT_DIR/snap-$stamp.json"
    {
        printf '{"host": "%s", "time": "%s", ' "$(uname -n)" "$stamp"
        printf '"uptime_s": %s, ' "$(cut -d' ' -f1 /proc/uptime)"
        printf '"load": %s, ' "$(loadavg_json)"
        printf '"memory_kb": %s, ' "$(meminfo_json)"
        printf '"top_rss": %s}\n' "$(top_rss_json)"
    } >"$file"
    ln -sf "$(basename "$file")" "$OUT_DIR/latest.json"
}

prune_old() {
    ls -1t "$OUT_DIR"/snap-*.json 2>/dev/null | tail -n +"$((KEEP + 1))" | xargs -r rm -f
}

collector() {
    while :; do
        take_snapshot
        prune_old
        sleep "$INTERVAL"
    done
}

collector &
COLLECTOR_PID=$!
trap 'kill "$COLLECTOR_PID" 2>/dev/null; exit 0' INT TERM EXIT

log "publishing $OUT_DIR on 0.0.0.0:$PORT"
python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$OUT_DIR"
