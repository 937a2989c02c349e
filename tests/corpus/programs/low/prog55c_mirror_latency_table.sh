#!/usr/bin/env bash
# Measure response time of package mirrors listed in ./mirrors.txt and write
# ./mirror-status.csv, sorted fastest first. HEAD requests only.
set -euo pipefail

MIRROR_LIST="${MIRROR_LIST:-mirrors.txt}"
OUT_CSV="${OUT_CSV:-mirror-status.csv}"
WORK_DIR=".mirror-probe"
MAX_TIME="${MAX_TIME:-8}"
PROBE_PATH="${PROBE_PATH:-/dists/stable/Release}"
VERBOSE=0

usage() {
    cat <<EOF
Usage: $0 [-l list] [-o out.csv] [-t seconds] [-v]
  -l  mirror list, one base URL per line (default: $MIRROR_LIST)
  -o  output CSV (default: $OUT_CSV)
  -t  per-request timeout in seconds (default: $MAX_TIME)
  -v  verbose
EOF
}

log() { [ "$VERBOSE" -eq 1 ] && printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2 || true; }

while getopts ":l:o:t:vh" opt; do
    case "$opt" in
        l) MIRROR_LIST=$OPTARG ;;
        o) OUT_CSV=$OPTARG ;;
        t) MAX_TIME=$OPTARG ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 64 ;;
    esac
done

[ -r "$MIRROR_LIST" ] || { echo "cannot read $MIRROR_LIST" >&2; exit 66; }

cleanup() { rm -rf -- "$WORK_DIR"; }
trap cleanup EXIT
mkdir -p "$WORK_DIR"

probe() {
    local base=$1 url code secs
    url="${base%/}${PROBE_PATH}"
    if out=$(curl -sS -o /dev/null -I --max-time "$MAX_TIME" \
                -w '%{http_code} %{time_total}' "$url" 2>"$WORK_DIR/err"); then
        read -r code secs <<<"$out"
    else
        code="ERR"
        secs="$MAX_TIME"
        log "failed $url: $(head -c 120 "$WORK_DIR/err")"
    fi
    printf '%s,%s,%s\n' "$secs" "$code" "$base"
}

count=0
: > "$WORK_DIR/rows"
while IFS= read -r line || [ -n "$line" ]; do
    line=${line%%#*}
    line=$(printf '%s' "$line" | tr -d '[:space:]')
    [ -z "$line" ] && continue
    log "probing $line"
    probe "$line" >> "$WORK_DIR/rows"
    count=$((count + 1))
done < "$MIRROR_LIST"

{
    echo "seconds,http_code,mirror"
    sort -t, -k1,1g "$WORK_DIR/rows"
} > "$OUT_CSV"

ok=$(grep -c ',200,' "$OUT_CSV" || true)
echo "probed $count mirrors, $ok healthy; results in $OUT_CSV"
fastest=$(sed -n '2p' "$OUT_CSV" | cut -d, -f3)
[ -n "$fastest" ] && echo "fastest: $fastest"
