#!/usr/bin/env bash
# membership_expiry_notice.sh - weekly membership expiry summary.
#
# Reads the membership export from the front-desk system, counts memberships
# expiring in the next N days by pass type, writes the list to the working
# directory for the desk team, and posts the counts (no member details) to the
# gym's operations dashboard API.

set -euo pipefail

EXPORT="${EXPORT:-./members_export.csv}"
DAYS="${DAYS:-14}"
SITE="${SITE:-downtown}"
DASHBOARD_URL="${DASHBOARD_URL:-https://ops.example.com/api/v1/metrics/expiring}"
OUT="./expiring_members.csv"
POST=1

log() { echo "$(date '+%F %T') expiry-notice: $*" >&2; }

usage() {
    echo "Usage: $0 [-e export.csv] [-d days] [-s site] [-n]"
    echo "  -n  do not post to the dashboard"
    echo "  posting needs OPS_DASHBOARD_KEY in the environment"
}

while getopts ":e:d:s:nh" opt; do
    case "$opt" in
        e) EXPORT="$OPTARG" ;;
        d) DAYS="$OPTARG" ;;
        s) SITE="$OPTARG" ;;
        n) POST=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -f "$EXPORT" ]] || { log "export $EXPORT not found"; exit 1; }
[[ "$DAYS" =~ ^[0-9]+$ ]] || { log "days must be a number"; exit 2; }

today="$(date +%F)"
cutoff="$(date -d "+$DAYS days" +%F)"

# export columns: member_id,first_name,last_name,email,pass_type,expires
select_expiring() {
    awk -F, -v today="$today" -v cutoff="$cutoff" '
        NR == 1 { print "member_id,first_name,last_name,pass_type,expires"; next }
        $6 >= today && $6 <= cutoff { print $1","$2","$3","$5","$6 }
    ' "$EXPORT"
}

count_by_pass() {
    awk -F, 'NR > 1 { n[$4]++ }
             END { for (p in n) printf "%s %d\n", p, n[p] }' "$OUT"
}

build_json() {
    local first=1
    printf '{"site":"%s","window_days":%d,"as_of":"%s","by_pass":{' \
        "$SITE" "$DAYS" "$today"
    while read -r pass count; do
        (( first )) || printf ','
        printf '"%s":%d' "$pass" "$count"
        first=0
    done
    printf '}}\n'
}

main() {
    select_expiring > "$OUT"
    local total
    total=$(( $(wc -l < "$OUT") - 1 ))
    log "$total memberships expire between $today and $cutoff; list in $OUT"

    local payload
    payload="$(count_by_pass | build_json)"
    echo "$payload"

    if (( POST )); then
        if [[ -z "${OPS_DASHBOARD_KEY:-}" ]]; then
            log "OPS_DASHBOARD_KEY not set, skipping post"
            exit 0
        fi
        curl -fsS --max-time 20 -X POST \
            -H "Content-Type: application/json" \
            -H "Authorization: Bearer $OPS_DASHBOARD_KEY" \
            --data "$payload" "$DASHBOARD_URL" >/dev/null
        log "posted counts to dashboard"
    fi
}

main
