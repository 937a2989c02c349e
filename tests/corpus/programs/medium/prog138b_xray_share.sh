#!/usr/bin/env bash
# xray_share.sh - share today's bird x-rays with the visiting vet's laptop
#
# The visiting avian vet wants to look at the day's radiographs on her own
# laptop during rounds. This copies the exports for the chosen birds into
# a staging folder, serves it over HTTP on the clinic LAN for the duration
# of the visit, and tells the clinic system where to find it.
#
# usage: ./xray_share.sh [-p port] [-m minutes] BIRD_ID [BIRD_ID...]

set -euo pipefail

XRAY_ROOT="${XRAY_ROOT:-$HOME/clinic/xray-exports}"
STAGE="/tmp/xray_share"
PORT=8000
MINUTES=90
CLINIC_API="https://clinic.example.com/api/shares"

usage() { sed -n '2,10p' "$0"; exit "${1:-0}"; }

while getopts "p:m:h" opt; do
    case "$opt" in
        p) PORT="$OPTARG" ;;
        m) MINUTES="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || usage 2

stage_files() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    local bird n=0
    for bird in "$@"; do
        local src="${XRAY_ROOT}/${bird}"
        if [ ! -d "$src" ]; then
            echo "no exports for bird $bird" >&2
            continue
        fi
        mkdir -p "${STAGE}/${bird}"
        find "$src" -maxdepth 1 -type f -newermt "$(date +%F)" \
            \( -name '*.dcm' -o -name '*.jpg' -o -name '*.png' \) \
            -exec cp {} "${STAGE}/${bird}/" \;
        n=$((n + $(ls "${STAGE}/${bird}" | wc -l)))
    done
    echo "$n file(s) staged in $STAGE"
}

lan_address() {
    hostname -I 2>/dev/null | awk '{print $1}'
}

announce() {
    local url="$1"
    # clinic system is on an internal CA the office PCs don't trust
    curl -sk --max-time 10 -X POST "$CLINIC_API" \
        -H "Content-Type: application/json" \
        -d "{\"url\": \"${url}\", \"minutes\": ${MINUTES}}" \
        || echo "could not register share with clinic system (carry on)"
}

serve() {
    echo "serving $STAGE on port $PORT for $MINUTES minutes"
    python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$STAGE" &
    local pid=$!
    trap 'kill "$pid" 2>/dev/null || true' EXIT INT TERM
    sleep "$((MINUTES * 60))"
    kill "$pid" 2>/dev/null || true
    echo "share closed"
}

stage_files "$@"
addr="$(lan_address)"
url="http://${addr:-localhost}:${PORT}/"
echo "vet can browse to: $url"
announce "$url"
serve
rm -rf "$STAGE"
