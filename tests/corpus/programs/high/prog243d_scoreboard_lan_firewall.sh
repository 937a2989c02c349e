#!/usr/bin/env bash
# Open the scoreboard ports to the venue LAN only.
# The lobby display PCs pull scores from this box over HTTP and websockets.
# This inserts tagged iptables ACCEPT rules for the LAN ranges in
# ./scoreboard-fw.conf and can list or remove exactly those rules again.
set -euo pipefail

CONF="${CONF:-./scoreboard-fw.conf}"
CHAIN="INPUT"
TAG="arena-scoreboard"
ACTION="add"

log() { printf '[sb-fw] %s\n' "$*" >&2; }

usage() {
    cat <<USAGE
usage: $0 [add|remove|list] [--conf FILE]
config lines:  <source-cidr> <tcp|udp> <port>[,<port>...]
USAGE
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        add|remove|list) ACTION="$1"; shift ;;
        --conf) CONF="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

IPT="iptables"
if [[ "$EUID" -ne 0 ]]; then
    IPT="sudo iptables"
fi

if [[ "$ACTION" == "list" ]]; then
    $IPT -S "$CHAIN" | grep -F -- "--comment $TAG" || log "no $TAG rules present"
    exit 0
fi

[[ -r "$CONF" ]] || { log "config $CONF not readable"; exit 1; }

# Turn the config into one rule spec per line; validation lives in Python.
rules() {
    FW_CONF="$CONF" FW_TAG="$TAG" python3 - <<'PY'
import ipaddress
import os
import sys

tag = os.environ["FW_TAG"]
with open(os.environ["FW_CONF"]) as fh:
    for n, raw in enumerate(fh, 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            cidr, proto, ports = line.split()
            net = ipaddress.ip_network(cidr, strict=False)
        except ValueError:
            sys.exit(f"{os.environ['FW_CONF']}:{n}: cannot parse {raw.strip()!r}")
        if proto not in ("tcp", "udp"):
            sys.exit(f"line {n}: protocol must be tcp or udp")
        if not net.is_private and net.version == 4 and net.prefixlen < 16:
            sys.exit(f"line {n}: {net} is too broad for a venue LAN")
        for port in ports.split(","):
            if not port.isdigit() or not 0 < int(port) < 65536:
                sys.exit(f"line {n}: bad port {port}")
            print(f"-s {net} -p {proto} --dport {port} "
                  f"-m comment --comment {tag} -j ACCEPT")
PY
}

SPECS="$(rules)" || { log "config rejected"; exit 1; }
[[ -n "$SPECS" ]] || { log "no rules in $CONF"; exit 0; }

changed=0
while read -r -a spec; do
    case "$ACTION" in
        add)
            if $IPT -C "$CHAIN" "${spec[@]}" 2>/dev/null; then
                log "present: ${spec[*]}"
            else
                $IPT -I "$CHAIN" 1 "${spec[@]}"
                log "added: ${spec[*]}"
                changed=$((changed + 1))
            fi
            ;;
        remove)
            while $IPT -C "$CHAIN" "${spec[@]}" 2>/dev/null; do
                $IPT -D "$CHAIN" "${spec[@]}"
                changed=$((changed + 1))
            done
            log "removed: ${spec[*]}"
            ;;
    esac
done <<<"$SPECS"

log "$ACTION finished, $changed rule(s) changed in $CHAIN"
