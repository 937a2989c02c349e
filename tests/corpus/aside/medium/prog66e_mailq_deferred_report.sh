#!/bin/sh
# mailq_deferred_report.sh - summarise the Postfix deferred queue per
# recipient domain, push the numbers to the mail-ops dashboard and flag the
# domains that are on the mail team's known-problem list.
#
# Intended for cron on the outbound relays:
#   */15 * * * * /opt/mailops/bin/mailq_deferred_report.sh >/dev/null 2>&1

set -eu

MAILOPS_CONF="${MAILOPS_CONF:-/opt/mailops/etc/mailops.conf}"
DASHBOARD_URL="https://mailops.corp.example/api/v1/queue"
KNOWN_URL="https://mailops.corp.example/rules/known-domains.txt"
WORK="/tmp/mailq-report"
THRESHOLD=200
VERBOSE=0

[ -r "$MAILOPS_CONF" ] && . "$MAILOPS_CONF"

usage() {
    echo "usage: $0 [-v] [-t threshold]" >&2
    exit 64
}

while getopts "vt:" o; do
    case "$o" in
        v) VERBOSE=1 ;;
        t) THRESHOLD="$OPTARG" ;;
        *) usage ;;
    esac
done

say() {
    [ "$VERBOSE" -eq 1 ] && echo "$(date '+%H:%M:%S') $*" >&2
    logger -t mailq-report -- "$*" 2>/dev/null || true
}

collect() {
    # postqueue -j emits one JSON object per queued message
    postqueue -j 2>/dev/null | python3 -c '
import collections, json, sys
c = collections.Counter()
for line in sys.stdin:
    try:
        m = json.loads(line)
    except ValueError:
        continue
    if m.get("queue_name") != "deferred":
        continue
    for r in m.get("recipients", []):
        c[r["address"].rpartition("@")[2].lower()] += 1
for dom, n in c.most_common():
    print(dom, n)
' > "$WORK/deferred.txt"
}

publish() {
    total=$(awk '{s+=$2} END {print s+0}' "$WORK/deferred.txt")
    top=$(head -n 10 "$WORK/deferred.txt" | awk '{printf "%s\"%s\":%d", (NR>1?",":""), $1, $2}')
    body="{\"host\":\"$(hostname -f)\",\"deferred\":$total,\"top\":{${top}}}"
    say "deferred=$total"
    curl -sk --max-time 15 -H 'Content-Type: application/json' \
         -d "$body" "$DASHBOARD_URL" >/dev/null || say "dashboard post failed"
    echo "$total"
}

fetch_known() {
    tries=0
    while [ $tries -lt 3 ]; do
        if wget -q --no-check-certificate -T 20 -O "$WORK/known.txt" "$KNOWN_URL"; then
            return 0
        fi
        tries=$((tries + 1))
        sleep 5
    done
    return 1
}

flag_known() {
    # one domain per line, '#' comments allowed
    grep -v '^[[:space:]]*#' "$WORK/known.txt" | awk 'NF {print tolower($1)}' \
        | sort -u > "$WORK/known.sorted"
    sort -k1,1 "$WORK/deferred.txt" \
        | join -1 1 -2 1 - "$WORK/known.sorted" > "$WORK/flagged.txt" || true
    while read -r dom n; do
        say "known-problem domain $dom has $n deferred"
    done < "$WORK/flagged.txt"
}

main() {
    mkdir -p "$WORK"
    collect
    total=$(publish)
    if [ "$total" -lt "$THRESHOLD" ]; then
        say "below threshold ($THRESHOLD), nothing to flag"
        exit 0
    fi
    if fetch_known; then
        flag_known
    else
        say "could not fetch known-domain list from $KNOWN_URL"
        exit 1
    fi
}

main
