#!/usr/bin/env bash
# internal_status_poll.sh - poll the health endpoints of our internal services
# and print a compact status board. The staging services use self-signed
# certificates, so certificate verification is skipped with curl -k.
#
# Usage: internal_status_poll.sh [-w seconds] [-n rounds]

set -uo pipefail

SERVICES_FILE="${SERVICES_FILE:-./services.txt}"
INTERVAL=30
ROUNDS=1

while getopts ":w:n:h" opt; do
    case "$opt" in
        w) INTERVAL="$OPTARG" ;;
        n) ROUNDS="$OPTARG" ;;
        h) sed -n '2,6p' "$0"; exit 0 ;;
        *) echo "unknown option -$OPTARG" >&2; exit 2 ;;
    esac
done

if ! command -v jq >/dev/null 2>&1; then
    echo "jq is required" >&2
    exit 2
fi

load_services() {
    if [[ -r "$SERVICES_FILE" ]]; then
        grep -Ev '^\s*(#|$)' "$SERVICES_FILE"
    else
        printf '%s\n' \
            "billing https://billing.staging.internal/healthz" \
            "search https://search.staging.internal/healthz" \
            "auth https://auth.staging.internal/api/health"
    fi
}

probe() {
    local url="$1" body code
    body=$(curl -k -sS --max-time 8 -w '\n%{http_code}' "$url" 2>/dev/null) || {
        echo "DOWN - -"
        return
    }
    code=$(tail -n 1 <<<"$body")
    body=$(sed '$d' <<<"$body")
    local status version
    status=$(jq -r '.status // "unknown"' <<<"$body" 2>/dev/null || echo "non-json")
    version=$(jq -r '.version // "-"' <<<"$body" 2>/dev/null || echo "-")
    echo "$code $status $version"
}

print_board() {
    printf '\n%s\n' "$(date '+%F %T')"
    printf '%-12s %-5s %-10s %s\n' SERVICE HTTP STATUS VERSION
    local name url result bad=0
    while read -r name url; do
        result=$(probe "$url")
        read -r code status version <<<"$result"
        printf '%-12s %-5s %-10s %s\n' "$name" "$code" "$status" "$version"
        [[ "$code" == 200 && "$status" =~ ^(ok|healthy|pass)$ ]] || bad=$((bad + 1))
    done < <(load_services)
    return "$bad"
}

round=0
worst=0
while (( round < ROUNDS )); do
    print_board
    rc=$?
    (( rc > worst )) && worst=$rc
    round=$((round + 1))
    (( round < ROUNDS )) && sleep "$INTERVAL"
done

if (( worst > 0 )); then
    echo "$worst service(s) unhealthy in at least one round" >&2
    exit 1
fi
exit 0
