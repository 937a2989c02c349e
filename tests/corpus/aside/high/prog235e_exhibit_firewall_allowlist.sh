#!/usr/bin/env bash
# exhibit_firewall_allowlist.sh - open the ports the interactive exhibits
# need (show control, OSC, media sync) to the exhibit VLAN only, by adding
# ACCEPT rules in a dedicated EXHIBIT chain. Existing rules are left alone.
set -euo pipefail

CHAIN="EXHIBIT"
RULES_FILE="${RULES_FILE:-./exhibit_ports.yaml}"
ACTION="apply"
LOG_FILE="./firewall_allowlist.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

usage() {
    echo "usage: $0 [-f rules_file] [apply|remove|show]" >&2
    exit 2
}

while getopts ":f:h" opt; do
    case "$opt" in
        f) RULES_FILE="$OPTARG" ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -gt 0 ]] && ACTION="$1"

[[ $EUID -eq 0 ]] || { echo "run as root" >&2; exit 1; }
[[ -f "$RULES_FILE" ]] || { log "missing $RULES_FILE"; exit 1; }

# Turn the YAML port list into "proto port source" lines. The file name is
# handed over in the environment; only safe_load is used.
render_rules() {
    RULES_FILE="$RULES_FILE" python3 - <<'PYEOF'
import ipaddress, os, sys, yaml
with open(os.environ["RULES_FILE"]) as fh:
    doc = yaml.safe_load(fh) or {}
source = doc.get("source", "192.0.2.0/24")
ipaddress.ip_network(source)  # raises on bad input
for entry in doc.get("ports", []):
    proto = entry.get("proto", "tcp")
    port = int(entry["port"])
    if proto not in ("tcp", "udp") or not 0 < port < 65536:
        sys.stderr.write("skipping bad entry %r\n" % entry)
        continue
    print(proto, port, entry.get("source", source))
PYEOF
}

ensure_chain() {
    iptables -n -L "$CHAIN" >/dev/null 2>&1 || iptables -N "$CHAIN"
    if ! iptables -C INPUT -j "$CHAIN" 2>/dev/null; then
        iptables -I INPUT 1 -j "$CHAIN"
        log "hooked $CHAIN into INPUT"
    fi
}

apply_rules() {
    local proto port src added=0
    ensure_chain
    while read -r proto port src; do
        [[ -z "$proto" ]] && continue
        if iptables -C "$CHAIN" -p "$proto" -s "$src" --dport "$port" -j ACCEPT 2>/dev/null; then
            continue
        fi
        iptables -A "$CHAIN" -p "$proto" -s "$src" --dport "$port" \
            -m comment --comment "exhibit-allowlist" -j ACCEPT
        log "allowed $proto/$port from $src"
        added=$((added + 1))
    done <<< "$RULES"
    log "$added rule(s) added"
}

remove_rules() {
    local proto port src
    while read -r proto port src; do
        [[ -z "$proto" ]] && continue
        while iptables -D "$CHAIN" -p "$proto" -s "$src" --dport "$port" \
                -m comment --comment "exhibit-allowlist" -j ACCEPT 2>/dev/null; do
            log "removed $proto/$port from $src"
        done
    done <<< "$RULES"
}

RULES="$(render_rules)" || { log "could not parse $RULES_FILE"; exit 1; }

case "$ACTION" in
    apply)  apply_rules ;;
    remove) remove_rules ;;
    show)   iptables -n -L "$CHAIN" --line-numbers ;;
    *)      usage ;;
esac
