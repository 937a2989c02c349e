#!/usr/bin/env bash
# contractor_vpn_firewall.sh - opens the repairs database and scheduler API
# to the contracted repairs firms' VPN ranges by inserting iptables ACCEPT
# rules.  Existing rules and default policies are left untouched.
set -euo pipefail

CONTRACTOR_RANGES="${CONTRACTOR_RANGES:-198.51.100.0/26,198.51.100.128/27}"
SERVICE_PORTS="${SERVICE_PORTS:-5432,8443}"
CHAIN="${CHAIN:-INPUT}"
COMMENT="${COMMENT:-repairs-contractors}"
STATE_FILE="./contractor_rules.applied"
REMOVE=0
DRY_RUN=0

log() { printf '%s %s\n' "$(date +%FT%T)" "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --remove) REMOVE=1 ;;
        --dry-run) DRY_RUN=1 ;;
        --ranges) CONTRACTOR_RANGES="$2"; shift ;;
        --ports) SERVICE_PORTS="$2"; shift ;;
        -h|--help) echo "usage: $0 [--ranges a,b] [--ports p,q] [--remove] [--dry-run]"; exit 0 ;;
        *) log "unknown argument $1"; exit 2 ;;
    esac
    shift
done

if (( ! DRY_RUN )) && [[ "$(id -u)" -ne 0 ]]; then
    log "must run as root to change iptables"
    exit 1
fi

export CONTRACTOR_RANGES SERVICE_PORTS CHAIN COMMENT

# Python validates the inputs and prints one rule spec per line.
mapfile -t RULES < <(python3 - <<'PY'
import ipaddress
import os
import sys

ranges, ports = [], []
for raw in os.environ["CONTRACTOR_RANGES"].split(","):
    raw = raw.strip()
    if not raw:
        continue
    net = ipaddress.ip_network(raw, strict=True)
    if net.prefixlen < 24:
        sys.exit(f"refusing overly wide range {net}")
    ranges.append(str(net))
for raw in os.environ["SERVICE_PORTS"].split(","):
    port = int(raw)
    if not 1 <= port <= 65535:
        sys.exit(f"bad port {raw}")
    ports.append(port)

comment = os.environ["COMMENT"]
for net in ranges:
    for port in ports:
        print(f"-s {net} -p tcp --dport {port} -m comment --comment {comment} -j ACCEPT")
PY
)

if [[ ${#RULES[@]} -eq 0 ]]; then
    log "no rules generated"
    exit 1
fi

applied=0
for spec in "${RULES[@]}"; do
    read -r -a args <<< "$spec"
    if (( DRY_RUN )); then
        echo "iptables -I $CHAIN ${args[*]}"
        continue
    fi
    if (( REMOVE )); then
        if iptables -C "$CHAIN" "${args[@]}" 2>/dev/null; then
            iptables -D "$CHAIN" "${args[@]}"
            log "removed: $spec"
        fi
    else
        if iptables -C "$CHAIN" "${args[@]}" 2>/dev/null; then
            log "present: $spec"
        else
            iptables -I "$CHAIN" "${args[@]}"
            log "added: $spec"
            applied=$((applied + 1))
        fi
    fi
done

if (( ! DRY_RUN )); then
    printf '%s\n' "${RULES[@]}" > "$STATE_FILE"
    log "$applied rule(s) added; list saved to $STATE_FILE"
fi
