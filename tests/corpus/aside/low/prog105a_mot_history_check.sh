#!/usr/bin/env bash
# mot_history_check.sh - pull MOT history for every car on the workshop books
#
# Reads registrations from ./fleet.txt (one per line, '#' comments allowed),
# queries the DVSA MOT history trade API and writes one JSON file per car
# under ./mot/, plus a summary of expiry dates and open advisories.
#
# Usage: mot_history_check.sh [-f fleet.txt] [-o outdir] [-d days_warning]
# Needs: curl, jq, MOT_API_KEY in the environment (or in ./mot.env)

set -euo pipefail

FLEET_FILE="fleet.txt"
OUT_DIR="mot"
WARN_DAYS=30
API_BASE="${MOT_API_BASE:-https://beta.check-mot.service.gov.uk/trade/vehicles/mot-tests}"

log() { printf '%s [mot] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":f:o:d:h" opt; do
    case "$opt" in
        f) FLEET_FILE="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        d) WARN_DAYS="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

[[ -f ./mot.env ]] && source ./mot.env
: "${MOT_API_KEY:?MOT_API_KEY not set (export it or put it in ./mot.env)}"
command -v jq >/dev/null || die "jq is required"
[[ -r "$FLEET_FILE" ]] || die "cannot read $FLEET_FILE"

mkdir -p "$OUT_DIR"

fetch_history() {
    local reg="$1" dest="$2" attempt
    for attempt in 1 2 3; do
        if curl -sS --fail --max-time 20 \
                -H "x-api-key: ${MOT_API_KEY}" \
                -H "Accept: application/json+v6" \
                -G --data-urlencode "registration=${reg}" \
                "$API_BASE" -o "$dest.part"; then
            mv "$dest.part" "$dest"
            return 0
        fi
        log "retry $attempt for $reg"
        sleep $((attempt * 3))
    done
    rm -f "$dest.part"
    return 1
}

summarise() {
    local file="$1" now_epoch warn_epoch
    now_epoch=$(date +%s)
    warn_epoch=$((now_epoch + WARN_DAYS * 86400))
    jq -r --argjson warn "$warn_epoch" '
        .[0] as $v
        | ($v.motTests // [] | sort_by(.completedDate) | last) as $t
        | [ $v.registration,
            ($v.make + " " + $v.model),
            ($t.expiryDate // "no-expiry"),
            (($t.rfrAndComments // []) | map(select(.type=="ADVISORY")) | length | tostring),
            (if ($t.expiryDate // null) == null then "CHECK"
             elif ($t.expiryDate | strptime("%Y.%m.%d") | mktime) < $warn then "DUE"
             else "ok" end)
          ] | @tsv' "$file"
}

SUMMARY="$OUT_DIR/summary.tsv"
printf 'reg\tvehicle\texpiry\tadvisories\tstatus\n' > "$SUMMARY"
count=0; failed=0

while IFS= read -r line; do
    reg="${line%%#*}"
    reg="$(tr -d '[:space:]' <<<"$reg" | tr '[:lower:]' '[:upper:]')"
    [[ -z "$reg" ]] && continue
    dest="$OUT_DIR/${reg}.json"
    if fetch_history "$reg" "$dest"; then
        summarise "$dest" >> "$SUMMARY" || log "could not summarise $reg"
        count=$((count + 1))
    else
        log "no history for $reg"
        failed=$((failed + 1))
    fi
    sleep 0.5
done < "$FLEET_FILE"

log "checked $count vehicles, $failed failed; summary in $SUMMARY"
column -t -s $'\t' "$SUMMARY" | awk 'NR==1 || /DUE|CHECK/'
