#!/usr/bin/env bash
# Probe the HTTP endpoints listed in ./probe.conf and record status codes.
#
# probe.conf lines:   <kind> <name> <base64-encoded URL>
# The URLs are base64 in the config only so that query strings with spaces
# and '#' survive the simple line format; they are decoded and fetched with
# GET/HEAD, never executed.
set -euo pipefail

CONF="${PROBE_CONF:-./probe.conf}"
OUT="${PROBE_OUT:-./probe-results.csv}"
TIMEOUT="${PROBE_TIMEOUT:-8}"
VERBOSE=0

log() { printf '%s [probe] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
debug() { [[ $VERBOSE -eq 1 ]] && log "debug: $*" || true; }

usage() {
    cat <<USAGE
usage: $0 [-c conf] [-o out.csv] [-t timeout] [-v]
USAGE
}

decode_url() {
    # portable base64 decode (GNU and BSD spellings)
    local blob=$1
    if printf '%s' "$blob" | base64 -d 2>/dev/null; then
        return 0
    fi
    printf '%s' "$blob" | base64 -D
}

# --- probe kinds; selected by name through "probe_${kind}" -------------------
probe_http() {
    local url=$1
    curl -sS -o /dev/null -w '%{http_code} %{time_total}' \
         --max-time "$TIMEOUT" -L "$url" || echo "000 0"
}

probe_head() {
    local url=$1
    curl -sS -I -o /dev/null -w '%{http_code} %{time_total}' \
         --max-time "$TIMEOUT" "$url" || echo "000 0"
}

probe_json() {
    # fetch a health document and report its "status" field
    local url=$1 body status
    body=$(curl -sS --max-time "$TIMEOUT" -H 'Accept: application/json' "$url" || true)
    status=$(printf '%s' "$body" | jq -r '.status // "unknown"' 2>/dev/null || echo invalid)
    printf '%s 0' "$status"
}

while getopts 'c:o:t:vh' opt; do
    case $opt in
        c) CONF=$OPTARG ;;
        o) OUT=$OPTARG ;;
        t) TIMEOUT=$OPTARG ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -r $CONF ]] || { log "cannot read $CONF"; exit 1; }

printf 'name,kind,url,result,seconds\n' > "$OUT"
failures=0
total=0
while read -r kind name blob; do
    [[ -z ${kind:-} || ${kind:0:1} == '#' ]] && continue
    fn="probe_${kind}"
    if ! declare -F "$fn" >/dev/null; then
        log "unknown probe kind '$kind' for $name, skipping"
        continue
    fi
    url=$(decode_url "$blob") || { log "bad base64 for $name"; continue; }
    debug "$name -> $url via $fn"
    read -r result seconds < <("$fn" "$url")
    total=$((total + 1))
    case $result in
        2??|ok|healthy) : ;;
        *) failures=$((failures + 1)); log "$name: $result" ;;
    esac
    printf '%s,%s,"%s",%s,%s\n' "$name" "$kind" "$url" "$result" "$seconds" >> "$OUT"
done < "$CONF"

log "probed $total endpoints, $failures unhealthy; results in $OUT"
[[ $failures -eq 0 ]]
