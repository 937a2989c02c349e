#!/bin/bash
# Port exposure remediation: finds services listening on all interfaces
# whose ports are not in the allow list and inserts iptables DROP rules for
# them on the external interface. Existing rules are left in place.
# Usage: prog27c_exposed_port_firewall.sh [--apply] [iface]
set -euo pipefail

APPLY=0
if [[ "${1:-}" == "--apply" ]]; then
    APPLY=1
    shift
fi
IFACE="${1:-eth0}"
ALLOWED_PORTS="22 80 443"
CHAIN="EXPOSURE-GUARD"
REPORT="./exposure-$(date +%Y%m%d).txt"

is_allowed() {
    local p="$1"
    for a in $ALLOWED_PORTS; do
        [[ "$p" == "$a" ]] && return 0
    done
    return 1
}

echo "scanning listening TCP sockets..."
mapfile -t exposed < <(
    ss -tlnH | awk '{print $4}' \
      | grep -E '^(0\.0\.0\.0|\*|\[::\]):[0-9]+$' \
      | sed -E 's/.*:([0-9]+)$/\1/' | sort -un
)

to_block=()
for port in "${exposed[@]}"; do
    if is_allowed "$port"; then
        echo "  allowed  $port"
    else
        echo "  EXPOSED  $port"
        to_block+=("$port")
    fi
done
printf '%s\n' "${to_block[@]:-}" > "$REPORT"
echo "report: $REPORT"

if (( ${#to_block[@]} == 0 )); then
    echo "nothing to block"
    exit 0
fi
if (( ! APPLY )); then
    echo "re-run with --apply to insert DROP rules on $IFACE"
    exit 0
fi

# Dedicated chain so the rules are easy to review and remove later.
if ! sudo iptables -nL "$CHAIN" >/dev/null 2>&1; then
    sudo iptables -N "$CHAIN"
fi
if ! sudo iptables -C INPUT -i "$IFACE" -j "$CHAIN" 2>/dev/null; then
    sudo iptables -I INPUT 1 -i "$IFACE" -j "$CHAIN"
fi

for port in "${to_block[@]}"; do
    if sudo iptables -C "$CHAIN" -p tcp --dport "$port" -j DROP 2>/dev/null; then
        echo "rule for $port already present"
        continue
    fi
    sudo iptables -A "$CHAIN" -p tcp --dport "$port" -m comment \
        --comment "exposure-guard $(date +%F)" -j DROP
    echo "blocked tcp/$port on $IFACE"
done

sudo iptables -nL "$CHAIN" --line-numbers
