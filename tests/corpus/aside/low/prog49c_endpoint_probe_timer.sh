#!/usr/bin/env bash
# Endpoint probe, started every 5 minutes by probe.timer (user unit, installed
# separately by the deploy tooling). Sends HEAD requests to every URL in
# ./probe/targets.txt, records status and latency as JSON lines under
# ./probe/results/ and prunes its own result files after a retention period.
set -euo pipefail

PROBE_DIR="${PROBE_DIR:-./probe}"
TARGETS="${PROBE_DIR}/targets.txt"
RESULTS="${PROBE_DIR}/results"
KEEP_DAYS="${KEEP_DAYS:-14}"
CONNECT_TIMEOUT="${CONNECT_TIMEOUT:-5}"
MAX_TIME="${MAX_TIME:-15}"
VERBOSE=0

usage() {
    cat <<EOF
Usage: $(basename "$0") [-v] [-k days] [-t targets-file]
  -v          verbose output
  -k days     keep result files this many days (default ${KEEP_DAYS})
  -t file     targets file (default ${TARGETS})
EOF
}

log() {
    printf '%s probe: %s\n' "$(date -u +%FT%TZ)" "$*" >&2
}

while getopts ":vk:t:h" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        t) TARGETS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

[[ -r "$TARGETS" ]] || { log "no targets file at $TARGETS"; exit 66; }
mkdir -p "$RESULTS"
out="${RESULTS}/$(date -u +%Y%m%d).jsonl"

probe_one() {
    local url="$1" line code secs
    line=$(curl --silent --head --output /dev/null \
                --connect-timeout "$CONNECT_TIMEOUT" --max-time "$MAX_TIME" \
                --write-out '%{http_code} %{time_total}' "$url" || echo "000 0")
    code=${line%% *}
    secs=${line##* }
    printf '{"ts":"%s","url":"%s","status":%d,"seconds":%s}\n' \
        "$(date -u +%FT%TZ)" "$url" "$code" "$secs" >> "$out"
    (( VERBOSE )) && log "$url -> $code in ${secs}s"
    [[ "$code" =~ ^[23] ]]
}

failed=0
total=0
while IFS= read -r url; do
    url="${url%%#*}"
    url="${url//[[:space:]]/}"
    [[ -z "$url" ]] && continue
    total=$((total + 1))
    if ! probe_one "$url"; then
        failed=$((failed + 1))
        log "DOWN: $url"
    fi
done < "$TARGETS"

# prune our own result files
find "$RESULTS" -maxdepth 1 -type f -name '*.jsonl' -mtime +"$KEEP_DAYS" -print -delete |
    while read -r gone; do (( VERBOSE )) && log "pruned $gone"; done || true

chmod 0600 "$out"
log "checked ${total} targets, ${failed} failing"
(( failed == 0 ))
