#!/usr/bin/env bash
# modbus_allowlist_apply.sh - add host firewall rules on the substation
# gateway so that only the listed SCADA masters can reach Modbus/TCP (502)
# and the IEC 60870-5-104 port (2404). Existing rules are left in place; new
# rules go into a dedicated chain.
#
# Usage: modbus_allowlist_apply.sh -f allowlist.csv [-n]
set -euo pipefail

CHAIN="TURBINE_SCADA"
ALLOWLIST=""
DRY_RUN=0

log() { echo "$(date '+%F %T') [allowlist] $*" >&2; }

while getopts ":f:n" opt; do
    case "$opt" in
        f) ALLOWLIST="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) log "usage: $0 -f allowlist.csv [-n]"; exit 1 ;;
    esac
done

[[ -n "$ALLOWLIST" && -r "$ALLOWLIST" ]] || { log "allowlist file required"; exit 1; }

ipt() {
    if [[ "$DRY_RUN" -eq 1 ]]; then
        echo "iptables $*"
    else
        sudo iptables "$@"
    fi
}

# validate and normalise the CSV (name,cidr,ports) with python, emit
# "cidr port" lines
parse_allowlist() {
    ALLOW_CSV="$(cat "$ALLOWLIST")" python3 - <<'PY'
import csv, io, ipaddress, os, sys
ok = 0
for row in csv.reader(io.StringIO(os.environ["ALLOW_CSV"])):
    if not row or row[0].startswith("#"):
        continue
    try:
        name, cidr, ports = (c.strip() for c in row[:3])
        net = ipaddress.ip_network(cidr, strict=False)
    except ValueError as exc:
        print(f"skip {row}: {exc}", file=sys.stderr)
        continue
    for port in ports.split("|"):
        if port not in ("502", "2404"):
            print(f"skip {name}: port {port} not allowed", file=sys.stderr)
            continue
        print(net, port)
        ok += 1
if ok == 0:
    sys.exit("no valid entries")
PY
}

ensure_chain() {
    if [[ "$DRY_RUN" -eq 0 ]] && sudo iptables -n -L "$CHAIN" >/dev/null 2>&1; then
        log "chain $CHAIN exists"
    else
        ipt -N "$CHAIN" || true
    fi
    if [[ "$DRY_RUN" -eq 1 ]] || ! sudo iptables -C INPUT -j "$CHAIN" 2>/dev/null; then
        ipt -I INPUT 1 -p tcp -m multiport --dports 502,2404 -j "$CHAIN"
    fi
}

add_rules() {
    local entries count=0 cidr port
    entries="$(parse_allowlist)"
    while read -r cidr port; do
        [[ -n "$cidr" ]] || continue
        if [[ "$DRY_RUN" -eq 0 ]] && sudo iptables -C "$CHAIN" -s "$cidr" -p tcp --dport "$port" -j ACCEPT 2>/dev/null; then
            log "rule for $cidr:$port already present"
            continue
        fi
        ipt -A "$CHAIN" -s "$cidr" -p tcp --dport "$port" -j ACCEPT
        count=$((count + 1))
    done <<< "$entries"
    log "$count rule(s) added"
}

close_chain() {
    # anything else reaching the chain is logged and dropped
    if [[ "$DRY_RUN" -eq 1 ]] || ! sudo iptables -C "$CHAIN" -j DROP 2>/dev/null; then
        ipt -A "$CHAIN" -j LOG --log-prefix "scada-deny: "
        ipt -A "$CHAIN" -j DROP
    fi
}

main() {
    command -v iptables >/dev/null || { log "iptables not installed"; exit 2; }
    ensure_chain
    add_rules
    close_chain
    log "allowlist applied from $ALLOWLIST"
}

main
