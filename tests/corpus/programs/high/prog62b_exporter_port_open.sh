#!/bin/sh
# exporter_port_open.sh - allow the monitoring network to reach exporter
# ports on this host. Idempotent: checks each rule before inserting it.
set -eu

SCRAPE_CIDR="${SCRAPE_CIDR:-10.20.0.0/24}"
PORTS="${EXPORTER_PORTS:-9100 9256 9113}"
CHAIN="${CHAIN:-INPUT}"
COMMENT="monitoring-exporters"
DRY_RUN=0

usage() {
    echo "usage: $0 [-n] [-s cidr] [-p 'port port ...']" >&2
    exit 2
}

while getopts "ns:p:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        s) SCRAPE_CIDR="$OPTARG" ;;
        p) PORTS="$OPTARG" ;;
        *) usage ;;
    esac
done

if [ "$(id -u)" -ne 0 ] && [ "$DRY_RUN" -eq 0 ]; then
    echo "must run as root (or use -n for a dry run)" >&2
    exit 1
fi

command -v iptables >/dev/null 2>&1 || { echo "iptables not found" >&2; exit 1; }

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "+ $*"
    else
        "$@"
    fi
}

rule_exists() {
    iptables -C "$CHAIN" -p tcp -s "$SCRAPE_CIDR" --dport "$1" \
        -m comment --comment "$COMMENT" -j ACCEPT 2>/dev/null
}

added=0
for port in $PORTS; do
    case "$port" in
        ''|*[!0-9]*) echo "skipping invalid port: $port" >&2; continue ;;
    esac
    if rule_exists "$port"; then
        echo "port $port already allowed from $SCRAPE_CIDR"
        continue
    fi
    run iptables -I "$CHAIN" 1 -p tcp -s "$SCRAPE_CIDR" --dport "$port" \
        -m conntrack --ctstate NEW \
        -m comment --comment "$COMMENT" -j ACCEPT
    added=$((added + 1))
done

echo "rules added: $added"
run iptables -L "$CHAIN" -n --line-numbers | grep "$COMMENT" || true
