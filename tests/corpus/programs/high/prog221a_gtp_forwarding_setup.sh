#!/usr/bin/env bash
# gtp_forwarding_setup.sh - turn the lab gateway into a router between the
# test eNodeB subnet and the core simulator, for GTP-U/S1-AP traffic.
#
# Usage: gtp_forwarding_setup.sh -r RAN_CIDR -c CORE_CIDR -o OUT_IF [-x]
set -euo pipefail

RAN_CIDR="198.51.100.0/26"
CORE_CIDR="203.0.113.0/27"
OUT_IF="eth0"
REMOVE=0
CHAIN_TAG="cellsite-lab"

log() { echo "[gtp-fwd] $*"; }

while getopts ":r:c:o:x" opt; do
    case "$opt" in
        r) RAN_CIDR="$OPTARG" ;;
        c) CORE_CIDR="$OPTARG" ;;
        o) OUT_IF="$OPTARG" ;;
        x) REMOVE=1 ;;
        *) echo "usage: $0 -r RAN_CIDR -c CORE_CIDR -o OUT_IF [-x]" >&2; exit 2 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    log "run this as root on the lab gateway"
    exit 1
fi

# python validates the networks and emits one iptables rule spec per line
build_rules() {
    RAN="$RAN_CIDR" CORE="$CORE_CIDR" OUTIF="$OUT_IF" TAG="$CHAIN_TAG" python3 - <<'PY'
import ipaddress
import os
import sys

try:
    ran = ipaddress.ip_network(os.environ["RAN"], strict=True)
    core = ipaddress.ip_network(os.environ["CORE"], strict=True)
except ValueError as exc:
    sys.exit(f"invalid network: {exc}")
if ran.overlaps(core):
    sys.exit("RAN and core networks overlap")

tag = os.environ["TAG"]
out_if = os.environ["OUTIF"]
comment = f"-m comment --comment {tag}"
rules = [
    f"filter FORWARD -s {ran} -d {core} -p udp --dport 2152 {comment} -j ACCEPT",
    f"filter FORWARD -s {core} -d {ran} -p udp --sport 2152 {comment} -j ACCEPT",
    f"filter FORWARD -s {ran} -d {core} -p sctp --dport 36412 {comment} -j ACCEPT",
    f"filter FORWARD -s {core} -d {ran} -p sctp --sport 36412 {comment} -j ACCEPT",
    f"nat POSTROUTING -s {ran} -o {out_if} {comment} -j MASQUERADE",
]
print("\n".join(rules))
PY
}

apply_rules() {
    local action="$1" table chain spec
    while read -r table chain spec; do
        [[ -n "$table" ]] || continue
        # shellcheck disable=SC2086
        if iptables -t "$table" -C "$chain" $spec 2>/dev/null; then
            [[ "$action" == "-D" ]] && iptables -t "$table" -D "$chain" $spec && log "removed $table/$chain rule"
        else
            [[ "$action" == "-A" ]] && iptables -t "$table" -A "$chain" $spec && log "added $table/$chain rule"
        fi
    done <<< "$RULES"
}

RULES="$(build_rules)" || { log "rule generation failed"; exit 1; }

if (( REMOVE )); then
    apply_rules -D
    sysctl -w net.ipv4.ip_forward=0 >/dev/null
    log "forwarding disabled, lab rules removed"
    exit 0
fi

before="$(sysctl -n net.ipv4.ip_forward)"
sysctl -w net.ipv4.ip_forward=1 >/dev/null
sysctl -w net.ipv4.conf.all.rp_filter=2 >/dev/null
log "ip_forward $before -> $(sysctl -n net.ipv4.ip_forward)"

apply_rules -A
log "active lab rules:"
iptables -S FORWARD | grep -- "$CHAIN_TAG" || true
iptables -t nat -S POSTROUTING | grep -- "$CHAIN_TAG" || true
