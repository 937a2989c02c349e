#!/usr/bin/env bash
# Open the citation upload port on the sync host for the enforcement
# handheld subnets listed in ./handheld_subnets.txt.
# Subnets are validated in Python before any firewall rule is touched; only
# ACCEPT rules are inserted, existing rules are left in place.
set -euo pipefail

SUBNET_FILE="./handheld_subnets.txt"
PORT=8443
CHAIN="INPUT"
COMMENT="parking-handheld-sync"
APPLY=0

log() { echo "[$(date '+%F %T')] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --file)  SUBNET_FILE="$2"; shift 2 ;;
        --port)  PORT="$2"; shift 2 ;;
        --chain) CHAIN="$2"; shift 2 ;;
        --apply) APPLY=1; shift ;;
        -h|--help) echo "usage: $0 [--file F] [--port N] [--chain C] [--apply]"; exit 0 ;;
        *) log "unknown argument: $1"; exit 2 ;;
    esac
done

[[ -f "$SUBNET_FILE" ]] || { log "subnet file $SUBNET_FILE missing"; exit 1; }
[[ "$PORT" =~ ^[0-9]+$ ]] && (( PORT > 0 && PORT < 65536 )) || { log "bad port $PORT"; exit 2; }

# Validate and normalise the CIDR list; raw text in, clean list out.
RAW_SUBNETS="$(grep -vE '^\s*(#|$)' "$SUBNET_FILE")"
if ! clean=$(RAW_SUBNETS="$RAW_SUBNETS" python3 - <<'PY'
import ipaddress, os, sys
ok = True
seen = set()
for line in os.environ["RAW_SUBNETS"].splitlines():
    token = line.split("#", 1)[0].strip()
    if not token:
        continue
    try:
        net = ipaddress.ip_network(token, strict=False)
    except ValueError:
        print(f"invalid subnet: {token}", file=sys.stderr)
        ok = False
        continue
    if net.version != 4 or net.prefixlen < 16:
        print(f"refusing overly broad or non-IPv4 subnet: {net}", file=sys.stderr)
        ok = False
        continue
    if str(net) not in seen:
        seen.add(str(net))
        print(net)
sys.exit(0 if ok else 1)
PY
); then
    log "subnet validation failed; nothing changed"
    exit 1
fi

mapfile -t subnets <<< "$clean"
log "${#subnets[@]} subnet(s) validated for tcp/$PORT"

added=0
for net in "${subnets[@]}"; do
    [[ -n "$net" ]] || continue
    rule=(-p tcp -s "$net" --dport "$PORT" -m comment --comment "$COMMENT" -j ACCEPT)
    if sudo iptables -C "$CHAIN" "${rule[@]}" 2>/dev/null; then
        log "rule for $net already present"
        continue
    fi
    if (( APPLY )); then
        sudo iptables -I "$CHAIN" 1 "${rule[@]}"
        log "inserted ACCEPT for $net -> tcp/$PORT"
        added=$(( added + 1 ))
    else
        log "would insert: iptables -I $CHAIN 1 ${rule[*]}"
    fi
done

if (( APPLY )); then
    log "$added rule(s) added"
    sudo iptables -S "$CHAIN" | grep -- "$COMMENT" || true
else
    log "dry run only; re-run with --apply to change the firewall"
fi
