#!/usr/bin/env bash
# pager_port_allow.sh - open the turnout-message port for the pager gateways.
#
# The county's pager gateways (198.51.100.0/24 and a backup at
# 203.0.113.17) push turnout messages to the alerting PC on TCP 5070.
# This adds narrowly scoped ACCEPT rules for exactly those sources, leaving
# the rest of the host firewall as it is.  Rules are tagged with a comment
# so they can be listed and removed again.
#
# Usage: pager_port_allow.sh [-p port] [-s "cidr cidr ..."] [--remove] [--list]

set -u

PORT=5070
SOURCES="${PAGER_SOURCES:-198.51.100.0/24 203.0.113.17/32}"
TAG="station-pager"
ACTION="add"
LOG="./pager_port_allow.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

while [ $# -gt 0 ]; do
    case "$1" in
        -p) PORT="$2"; shift 2 ;;
        -s) SOURCES="$2"; shift 2 ;;
        --remove) ACTION="remove"; shift ;;
        --list) ACTION="list"; shift ;;
        *) echo "usage: $0 [-p port] [-s cidrs] [--remove] [--list]" >&2; exit 2 ;;
    esac
done

if ! command -v iptables >/dev/null 2>&1; then
    log "iptables not installed"
    exit 1
fi

# validate port and source networks in Python; sources arrive via env
export CHECK_PORT="$PORT" CHECK_SOURCES="$SOURCES"
clean_sources="$(python3 -c '
import ipaddress, os, sys
port = int(os.environ["CHECK_PORT"])
if not 1 <= port <= 65535:
    sys.exit("bad port %d" % port)
out = []
for item in os.environ["CHECK_SOURCES"].split():
    net = ipaddress.ip_network(item, strict=False)
    if net.prefixlen < 16:
        sys.exit("refusing overly broad source %s" % net)
    out.append(str(net))
print(" ".join(out))
')" || { log "validation failed"; exit 1; }

rule_args() {
    # $1 = source network
    echo "-p tcp -s $1 --dport $PORT -m conntrack --ctstate NEW -m comment --comment $TAG -j ACCEPT"
}

case "$ACTION" in
    list)
        sudo iptables -S INPUT | grep -- "--comment $TAG" || log "no $TAG rules present"
        exit 0
        ;;
    add)
        added=0
        for src in $clean_sources; do
            # shellcheck disable=SC2046
            if sudo iptables -C INPUT $(rule_args "$src") 2>/dev/null; then
                log "rule for $src already present"
                continue
            fi
            # shellcheck disable=SC2046
            if sudo iptables -I INPUT 1 $(rule_args "$src"); then
                log "allowed $src -> tcp/$PORT"
                added=$((added + 1))
            else
                log "failed to add rule for $src"
            fi
        done
        log "$added rule(s) added"
        ;;
    remove)
        for src in $clean_sources; do
            # shellcheck disable=SC2046
            while sudo iptables -C INPUT $(rule_args "$src") 2>/dev/null; do
                # shellcheck disable=SC2046
                sudo iptables -D INPUT $(rule_args "$src") && log "removed rule for $src"
            done
        done
        ;;
esac
exit 0
