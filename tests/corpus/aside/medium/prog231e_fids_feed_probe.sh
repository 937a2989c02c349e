#!/usr/bin/env bash
# fids_feed_probe.sh - probe the FIDS display controllers' feed endpoints
#
# Every display controller exposes /feed/status with the last departures
# update it rendered.  This walks the controller list, checks each one
# answers and that its feed is not stale, and writes a small CSV report.
# The controllers ship with self-signed certificates, so certificate
# checks are skipped.

set -uo pipefail

CONTROLLERS_FILE="./controllers.txt"
OUT_DIR="./probe-results"
MAX_AGE=180
TIMEOUT=8

log() {
    printf '%s %s\n' "$(date '+%H:%M:%S')" "$*" >&2
}

usage() {
    cat <<EOF
Usage: $0 [-f controllers_file] [-a max_age_seconds] [-t timeout]
  controllers_file has one hostname per line, e.g. gate-b12.fids.example.com
EOF
}

while getopts ":f:a:t:h" opt; do
    case "$opt" in
        f) CONTROLLERS_FILE="$OPTARG" ;;
        a) MAX_AGE="$OPTARG" ;;
        t) TIMEOUT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -r "$CONTROLLERS_FILE" ]] || { log "cannot read ${CONTROLLERS_FILE}"; exit 1; }
mkdir -p "$OUT_DIR"
REPORT="${OUT_DIR}/probe-$(date +%Y%m%d-%H%M).csv"

probe() {
    local host="$1" body code updated age
    body="$(curl -k -sS --max-time "$TIMEOUT" -w '\n%{http_code}' \
        "https://${host}/feed/status" 2>/dev/null)" || {
        echo "${host},unreachable,,"
        return 1
    }
    code="${body##*$'\n'}"
    body="${body%$'\n'*}"
    if [[ "$code" != "200" ]]; then
        echo "${host},http_${code},,"
        return 1
    fi
    updated="$(jq -r '.last_update_epoch // empty' <<<"$body" 2>/dev/null)"
    if [[ -z "$updated" ]]; then
        echo "${host},bad_payload,,"
        return 1
    fi
    age=$(( $(date +%s) - updated ))
    if (( age > MAX_AGE )); then
        echo "${host},stale,${updated},${age}"
        return 1
    fi
    echo "${host},ok,${updated},${age}"
}

main() {
    local host total=0 failed=0
    echo "host,state,last_update_epoch,age_s" > "$REPORT"
    while IFS= read -r host; do
        host="${host%%#*}"
        host="${host//[[:space:]]/}"
        [[ -n "$host" ]] || continue
        total=$((total + 1))
        if ! probe "$host" >> "$REPORT"; then
            failed=$((failed + 1))
            log "problem with ${host}"
        fi
    done < "$CONTROLLERS_FILE"

    log "${total} controllers probed, ${failed} with problems"
    log "report: ${REPORT}"
    (( failed == 0 ))
}

main
