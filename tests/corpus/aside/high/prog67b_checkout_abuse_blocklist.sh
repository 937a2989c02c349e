#!/usr/bin/env bash
# checkout_abuse_blocklist.sh - turn the fraud team's card-testing report
# into a temporary block at the host firewall.
#
# The fraud service exports abuse_report.csv (ip,attempts,declines,first_seen)
# every 10 minutes.  Addresses over the decline threshold are loaded into an
# ipset with a timeout so they fall out automatically, and one DROP rule for
# the set is kept in front of the checkout ports.  Addresses from the PSP's
# published webhook ranges (psp_ranges.txt) are never blocked.
#
# Usage: checkout_abuse_blocklist.sh [-r abuse_report.csv] [-t 25] [-T 3600]

set -euo pipefail

REPORT="abuse_report.csv"
THRESHOLD=25
TTL=3600
SET_NAME="checkout_abuse"
PORTS="80,443"
PSP_RANGES="psp_ranges.txt"
STATE_LOG="./blocklist_history.log"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$STATE_LOG" >&2; }

while getopts ":r:t:T:h" opt; do
    case $opt in
        r) REPORT=$OPTARG ;;
        t) THRESHOLD=$OPTARG ;;
        T) TTL=$OPTARG ;;
        h) sed -n '2,12p' "$0"; exit 0 ;;
        \?) log "bad option -$OPTARG"; exit 64 ;;
    esac
done

PRIV=()
if [[ $EUID -ne 0 ]]; then
    PRIV=(sudo -n)
fi

[[ -r "$REPORT" ]] || { log "report $REPORT not readable"; exit 1; }

ensure_set() {
    if ! "${PRIV[@]}" ipset list -n "$SET_NAME" >/dev/null 2>&1; then
        "${PRIV[@]}" ipset create "$SET_NAME" hash:ip timeout "$TTL" maxelem 65536
        log "created ipset $SET_NAME"
    fi
}

ensure_rule() {
    local spec=(-p tcp -m multiport --dports "$PORTS" -m set --match-set "$SET_NAME" src -j DROP)
    if ! "${PRIV[@]}" iptables -C INPUT "${spec[@]}" 2>/dev/null; then
        "${PRIV[@]}" iptables -I INPUT 1 "${spec[@]}"
        log "inserted DROP rule for $SET_NAME on ports $PORTS"
    fi
}

is_psp_address() {
    local ip="$1"
    [[ -f "$PSP_RANGES" ]] || return 1
    python3 - "$ip" "$PSP_RANGES" <<'PY'
import ipaddress, sys
ip = ipaddress.ip_address(sys.argv[1])
with open(sys.argv[2]) as fh:
    nets = [ipaddress.ip_network(l.strip()) for l in fh if l.strip() and not l.startswith("#")]
sys.exit(0 if any(ip in n for n in nets) else 1)
PY
}

candidates() {
    awk -F, -v t="$THRESHOLD" 'NR > 1 && $3 >= t { print $1 }' "$REPORT" \
        | grep -E '^([0-9]{1,3}\.){3}[0-9]{1,3}$' | sort -u
}

main() {
    ensure_set
    ensure_rule
    local added=0 skipped=0
    while read -r ip; do
        if is_psp_address "$ip"; then
            skipped=$((skipped + 1))
            continue
        fi
        if "${PRIV[@]}" ipset add "$SET_NAME" "$ip" timeout "$TTL" -exist; then
            added=$((added + 1))
        fi
    done < <(candidates)
    log "blocked=$added skipped_psp=$skipped threshold=$THRESHOLD ttl=${TTL}s"
}

main
