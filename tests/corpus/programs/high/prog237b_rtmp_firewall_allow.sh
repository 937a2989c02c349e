#!/usr/bin/env bash
# Allow RTMP ingest from the chapel encoders on the media box.
# Each chapel's encoder pushes the service to port 1935.  This script
# validates the list of encoder addresses and adds one ACCEPT rule per
# source in a dedicated chain, leaving all other firewall rules untouched.
# Run as root.

set -euo pipefail

CHAIN="FH_RTMP_IN"
PORT="${FH_RTMP_PORT:-1935}"
SOURCES_FILE="${1:-./encoders.txt}"
ACTION="${2:-apply}"

log() { echo "$(date '+%F %T') rtmp-fw: $*" >&2; }

if [[ $EUID -ne 0 ]]; then
    log "must be run as root"
    exit 1
fi

if [[ ! -f "$SOURCES_FILE" ]]; then
    log "missing $SOURCES_FILE (one address or CIDR per line, # for comments)"
    exit 2
fi

# Validate and normalise with python's ipaddress; refuse anything too broad.
VALID="$(SRC_TEXT="$(cat "$SOURCES_FILE")" python3 - <<'PY'
import ipaddress
import os
import sys

bad = 0
seen = set()
for raw in os.environ["SRC_TEXT"].splitlines():
    line = raw.split("#", 1)[0].strip()
    if not line:
        continue
    try:
        net = ipaddress.ip_network(line, strict=False)
    except ValueError:
        print(f"invalid entry: {line}", file=sys.stderr)
        bad += 1
        continue
    if net.version != 4 or net.prefixlen < 24:
        print(f"refusing broad or non-IPv4 range: {net}", file=sys.stderr)
        bad += 1
        continue
    if str(net) not in seen:
        seen.add(str(net))
        print(net)
sys.exit(1 if bad else 0)
PY
)" || { log "encoder list has errors, nothing changed"; exit 3; }

if [[ -z "$VALID" ]]; then
    log "no encoder addresses listed"
    exit 0
fi

ensure_chain() {
    iptables -N "$CHAIN" 2>/dev/null || true
    if ! iptables -C INPUT -p tcp --dport "$PORT" -j "$CHAIN" 2>/dev/null; then
        iptables -I INPUT -p tcp --dport "$PORT" -j "$CHAIN"
        log "hooked $CHAIN into INPUT for tcp/$PORT"
    fi
}

case "$ACTION" in
    apply)
        ensure_chain
        iptables -F "$CHAIN"
        while read -r src; do
            iptables -A "$CHAIN" -s "$src" -p tcp --dport "$PORT" -j ACCEPT
            log "allowed $src -> tcp/$PORT"
        done <<< "$VALID"
        iptables -A "$CHAIN" -p tcp --dport "$PORT" -j DROP
        log "other sources to tcp/$PORT are dropped"
        ;;
    show)
        iptables -S "$CHAIN" 2>/dev/null || log "chain $CHAIN not present"
        ;;
    remove)
        iptables -D INPUT -p tcp --dport "$PORT" -j "$CHAIN" 2>/dev/null || true
        iptables -F "$CHAIN" 2>/dev/null || true
        iptables -X "$CHAIN" 2>/dev/null || true
        log "chain $CHAIN removed"
        ;;
    *)
        log "unknown action $ACTION (apply|show|remove)"
        exit 64
        ;;
esac

iptables -S "$CHAIN" 2>/dev/null > "./rtmp-rules-$(date +%Y%m%d).txt" || true
