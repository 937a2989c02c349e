#!/usr/bin/env bash
# mqtt_abuse_blocklist.sh - drop clients hammering the dock MQTT broker.
#
# Docks publish status to the broker on port 8883.  Now and then a scanner
# or a misconfigured test rig floods it with failed CONNECTs.  This reads
# the broker log, counts auth failures per source address and adds an
# iptables DROP rule for each offender above the threshold.
#
# Usage: mqtt_abuse_blocklist.sh [-l broker.log] [-t THRESHOLD] [-n]

set -euo pipefail

BROKER_LOG="./logs/mosquitto.log"
THRESHOLD=200
DRY_RUN=0
CHAIN="MQTT_ABUSE"
ALLOWLIST="${ALLOWLIST:-192.0.2.10 192.0.2.11}"

log() { printf '[blocklist] %s\n' "$*" >&2; }

while getopts ":l:t:nh" opt; do
    case "$opt" in
        l) BROKER_LOG="$OPTARG" ;;
        t) THRESHOLD="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) sed -n '2,10p' "$0"; exit 0 ;;
    esac
done

[[ -r "$BROKER_LOG" ]] || { log "cannot read $BROKER_LOG"; exit 2; }
if [[ $EUID -ne 0 && $DRY_RUN -eq 0 ]]; then
    log "must run as root to change iptables (or use -n)"
    exit 2
fi

offenders() {
    THRESHOLD="$THRESHOLD" ALLOWLIST="$ALLOWLIST" python3 -c '
import collections, ipaddress, os, re, sys
pat = re.compile(r"Client .* from (\d+\.\d+\.\d+\.\d+):\d+ .*(not authori[sz]ed|bad username or password)")
allow = set(os.environ["ALLOWLIST"].split())
counts = collections.Counter()
for line in sys.stdin:
    m = pat.search(line)
    if m:
        counts[m.group(1)] += 1
for ip, n in counts.most_common():
    if n < int(os.environ["THRESHOLD"]):
        break
    try:
        addr = ipaddress.ip_address(ip)
    except ValueError:
        continue
    if ip in allow or addr.is_loopback:
        continue
    print(ip, n)
' < "$BROKER_LOG"
}

ensure_chain() {
    iptables -N "$CHAIN" 2>/dev/null || true
    if ! iptables -C INPUT -p tcp --dport 8883 -j "$CHAIN" 2>/dev/null; then
        iptables -I INPUT 1 -p tcp --dport 8883 -j "$CHAIN"
        log "hooked $CHAIN into INPUT for port 8883"
    fi
}

added=0
ensure_chain_done=0
while read -r ip count; do
    [[ -n "$ip" ]] || continue
    if [[ $DRY_RUN -eq 1 ]]; then
        log "dry run: would drop $ip ($count failures)"
        continue
    fi
    if [[ $ensure_chain_done -eq 0 ]]; then
        ensure_chain
        ensure_chain_done=1
    fi
    if iptables -C "$CHAIN" -s "$ip" -j DROP 2>/dev/null; then
        log "$ip already blocked"
        continue
    fi
    iptables -A "$CHAIN" -s "$ip" -m comment --comment "mqtt-abuse $(date +%F)" -j DROP
    log "dropped $ip ($count auth failures)"
    added=$((added + 1))
done < <(offenders)

log "$added new block rule(s)"
