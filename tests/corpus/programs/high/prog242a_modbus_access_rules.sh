#!/usr/bin/env bash
# modbus_access_rules.sh - restrict Modbus/TCP on the dye-house gateway.
#
# The dye-house gateway PC forwards Modbus/TCP (port 502) to the jet dyeing
# machine PLCs. Only the PLC subnet and the recipe server should reach it.
# This script adds the accept rules for the allowed sources and a final drop
# for everything else on port 502, in a dedicated chain LOOM_MODBUS hooked
# into INPUT. Existing rules are left alone; each rule is checked with -C
# before it is added, so the script can be re-run safely.

set -euo pipefail

CHAIN="LOOM_MODBUS"
PORT=502
ALLOWED=("192.0.2.0/26" "198.51.100.14/32")   # PLC subnet, recipe server
LOG_DROPS=1

log() { printf '%s %-5s %s\n' "$(date '+%F %T')" "$1" "$2"; }

usage() {
    echo "Usage: $0 [-s extra_source_cidr ...] [-q]   (-q = do not log drops)"
}

while getopts ":s:qh" opt; do
    case "$opt" in
        s) ALLOWED+=("$OPTARG") ;;
        q) LOG_DROPS=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    log ERROR "must run as root (iptables)"
    exit 1
fi
command -v iptables >/dev/null || { log ERROR "iptables not found"; exit 1; }

valid_cidr() {
    [[ "$1" =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}/([0-9]|[12][0-9]|3[0-2])$ ]]
}

add_rule() {
    # add_rule <chain> <rule args...>: append only if not already present
    local chain="$1"; shift
    if iptables -C "$chain" "$@" 2>/dev/null; then
        log INFO "present: $chain $*"
    else
        iptables -A "$chain" "$@"
        log INFO "added:   $chain $*"
    fi
}

if ! iptables -L "$CHAIN" -n >/dev/null 2>&1; then
    iptables -N "$CHAIN"
    log INFO "created chain $CHAIN"
fi

for src in "${ALLOWED[@]}"; do
    if ! valid_cidr "$src"; then
        log WARN "ignoring invalid source $src"
        continue
    fi
    add_rule "$CHAIN" -p tcp -s "$src" --dport "$PORT" \
        -m comment --comment "modbus allow $src" -j ACCEPT
done

if (( LOG_DROPS )); then
    add_rule "$CHAIN" -p tcp --dport "$PORT" -m limit --limit 6/min \
        -j LOG --log-prefix "modbus-drop: "
fi
add_rule "$CHAIN" -p tcp --dport "$PORT" -m comment --comment "modbus default drop" -j DROP

# hook the chain into INPUT for Modbus traffic only
add_rule INPUT -p tcp --dport "$PORT" -j "$CHAIN"

log INFO "current $CHAIN rules:"
iptables -L "$CHAIN" -n -v --line-numbers
