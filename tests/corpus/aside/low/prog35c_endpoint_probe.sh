#!/usr/bin/env bash
# endpoint_probe.sh - HEAD-check a list of service endpoints and publish a
# short summary to the status page API.
#
#   ./endpoint_probe.sh [-f endpoints.txt] [-n] [-c]
#     -f FILE   endpoint list (one URL per line, '#' comments allowed)
#     -n        do not publish, only write ./status/
#     -c        clear the local probe cache first
set -euo pipefail

ENDPOINTS_FILE="endpoints.txt"
PUBLISH=1
CLEAN=0
STATUS_DIR="./status"
CACHE_DIR="./.probe-cache"
STATUS_API="https://status.example.com/api/v1/components/bulk"
TIMEOUT=8

usage() { sed -n '2,8p' "$0"; exit 1; }

while getopts ":f:nch" opt; do
    case "$opt" in
        f) ENDPOINTS_FILE="$OPTARG" ;;
        n) PUBLISH=0 ;;
        c) CLEAN=1 ;;
        *) usage ;;
    esac
done

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }

host_os() {
    if [[ -r /etc/os-release ]]; then
        sed -n 's/^PRETTY_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' /etc/os-release
    else
        uname -s
    fi
}

probe() {
    local url="$1" code t
    if out=$(curl -sS -o /dev/null -I --max-time "$TIMEOUT" \
                -w '%{http_code} %{time_total}' "$url" 2>/dev/null); then
        code=${out%% *}
        t=${out##* }
    else
        code=000
        t=0
    fi
    printf '%s\t%s\t%s\n' "$url" "$code" "$t"
}

[[ -f "$ENDPOINTS_FILE" ]] || { log "missing $ENDPOINTS_FILE"; exit 2; }

if (( CLEAN )); then
    log "clearing $CACHE_DIR"
    rm -rf -- "$CACHE_DIR"
fi
mkdir -p "$STATUS_DIR" "$CACHE_DIR"

stamp=$(date -u +%Y%m%dT%H%M%SZ)
report="$STATUS_DIR/probe-$stamp.tsv"
log "probing from $(hostname) running $(host_os)"

up=0; down=0
while IFS= read -r line; do
    line="${line%%#*}"
    line="$(echo "$line" | xargs)"
    [[ -z "$line" ]] && continue
    result=$(probe "$line")
    echo "$result" >> "$report"
    code=$(cut -f2 <<<"$result")
    if [[ "$code" =~ ^(2|3) ]]; then
        up=$((up + 1))
    else
        down=$((down + 1))
        log "DOWN $line ($code)"
    fi
done < "$ENDPOINTS_FILE"

cp "$report" "$CACHE_DIR/last.tsv"
ln -sf "$(basename "$report")" "$STATUS_DIR/latest.tsv"

# keep the 30 most recent reports
ls -1t "$STATUS_DIR"/probe-*.tsv 2>/dev/null | tail -n +31 | while read -r old; do
    rm -f -- "$old"
done

log "up=$up down=$down report=$report"

if (( PUBLISH )); then
    : "${STATUSPAGE_TOKEN:?STATUSPAGE_TOKEN must be set to publish}"
    payload=$(printf '{"source":"%s","checked_at":"%s","up":%d,"down":%d}' \
        "$(hostname -s)" "$stamp" "$up" "$down")
    curl -sS --fail --max-time 20 \
        -H "Authorization: Bearer ${STATUSPAGE_TOKEN}" \
        -H 'Content-Type: application/json' \
        -X POST --data "$payload" "$STATUS_API" >/dev/null \
        && log "published summary" \
        || log "publish failed"
fi

(( down == 0 ))
