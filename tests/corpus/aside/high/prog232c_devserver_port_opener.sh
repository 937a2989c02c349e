#!/usr/bin/env bash
# devserver_port_opener.sh
#
# On registration night the volunteers' tablets need to reach the
# registration dev server running on the club-house PC. This adds one
# narrow iptables ACCEPT rule for the club-house Wi-Fi subnet and the app
# port, and removes it again with --close. Run as root.
#
# Usage: devserver_port_opener.sh [--open|--close|--status] [--port N] [--subnet CIDR]

set -euo pipefail

ACTION="open"
PORT="${DEVSERVER_PORT:-8080}"
SUBNET="${CLUBHOUSE_SUBNET:-198.51.100.0/24}"
COMMENT="league-registration-devserver"

log() { logger -t devserver-port "$*" 2>/dev/null || true; echo "[port-opener] $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --open)   ACTION="open"; shift ;;
        --close)  ACTION="close"; shift ;;
        --status) ACTION="status"; shift ;;
        --port)   PORT="$2"; shift 2 ;;
        --subnet) SUBNET="$2"; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) die "unknown argument: $1" ;;
    esac
done

[[ $EUID -eq 0 ]] || die "run this as root on the club-house PC"
command -v iptables >/dev/null 2>&1 || die "iptables not found"

# Validate the subnet and port with Python's ipaddress module.
export SUBNET PORT
CHECK="$(python3 -c '
import ipaddress, os, sys
try:
    net = ipaddress.ip_network(os.environ["SUBNET"], strict=False)
except ValueError as exc:
    sys.exit(f"bad subnet: {exc}")
port = int(os.environ["PORT"])
if not 1024 <= port <= 65535:
    sys.exit("port must be between 1024 and 65535")
if not net.is_private:
    sys.exit("refusing to open the port to a non-private network")
if net.prefixlen < 16:
    sys.exit("subnet is too wide")
print(net.with_prefixlen)
')" || die "validation failed"
SUBNET="$CHECK"

RULE=(INPUT -p tcp -s "$SUBNET" --dport "$PORT" -m comment --comment "$COMMENT" -j ACCEPT)

rule_present() {
    iptables -C "${RULE[@]}" 2>/dev/null
}

case "$ACTION" in
    open)
        if rule_present; then
            log "rule already present for $SUBNET -> :$PORT"
        else
            iptables -I "${RULE[@]}"
            log "opened tcp/$PORT for $SUBNET"
        fi
        ;;
    close)
        removed=0
        while rule_present; do
            iptables -D "${RULE[@]}"
            removed=$((removed + 1))
        done
        log "removed $removed rule(s) for tcp/$PORT"
        ;;
    status)
        iptables -S INPUT | grep -F -- "$COMMENT" || log "no devserver rules present"
        ;;
esac

# Show a short summary of the INPUT chain so the volunteer can screenshot it.
iptables -L INPUT -n --line-numbers | head -n 15
