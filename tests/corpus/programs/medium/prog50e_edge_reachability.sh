#!/bin/sh
# Reachability report for the support desk: checks DNS, ICMP and HTTPS to the
# vendor edge nodes listed in edges.conf and prints a table. Lab edges use
# self-signed certificates, so TLS verification is skipped for the probe.
set -u

CONF="${1:-./edges.conf}"
REPORT=/tmp/edge_reachability.txt
CURL_TIMEOUT=8
PING_COUNT=2

say() { printf '[%s] %s\n' "$(date '+%F %T')" "$*"; }

if [ ! -r "$CONF" ]; then
    say "config $CONF not readable; using built-in list"
    EDGES="edge-eu1.vendor.example edge-us1.vendor.example edge-ap1.vendor.example"
else
    EDGES=$(grep -v '^[[:space:]]*#' "$CONF" | awk 'NF {print $1}')
fi

check_dns() {
    if getent hosts "$1" >/dev/null 2>&1; then echo ok; else echo fail; fi
}

check_icmp() {
    if ping -c "$PING_COUNT" -W 2 "$1" >/dev/null 2>&1; then echo ok; else echo fail; fi
}

check_https() {
    code=$(curl -k -s -o /dev/null -w '%{http_code}' --max-time "$CURL_TIMEOUT" "https://$1/status" 2>/dev/null)
    echo "${code:-000}"
}

latency_ms() {
    curl -k -s -o /dev/null -w '%{time_total}' --max-time "$CURL_TIMEOUT" "https://$1/status" 2>/dev/null \
        | awk '{printf "%d", $1 * 1000}'
}

: > "$REPORT"
printf '%-28s %-5s %-5s %-6s %s\n' EDGE DNS ICMP HTTPS LAT_MS | tee -a "$REPORT"

failures=0
for edge in $EDGES; do
    dns=$(check_dns "$edge")
    icmp=$(check_icmp "$edge")
    https=$(check_https "$edge")
    lat=$(latency_ms "$edge")
    printf '%-28s %-5s %-5s %-6s %s\n' "$edge" "$dns" "$icmp" "$https" "${lat:-?}" | tee -a "$REPORT"
    case "$https" in
        2??|3??) : ;;
        *) failures=$((failures + 1)) ;;
    esac
done

say "local routes:" >> "$REPORT"
ip -4 route show 2>/dev/null >> "$REPORT" || true
say "resolvers:" >> "$REPORT"
grep '^nameserver' /etc/resolv.conf 2>/dev/null >> "$REPORT" || true

say "report saved to $REPORT ($failures edge(s) failing HTTPS)"
[ "$failures" -eq 0 ]
