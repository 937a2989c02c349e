#!/usr/bin/env bash
# printer VLAN access rules
# Opens the raw print port (9100) and the printer web UI only between the
# print station and the store's label printer subnet, and enables forwarding
# so the back-counter station can reach printers behind this one.
set -euo pipefail

RULES_JSON="${RULES_JSON:-$PWD/printer_rules.json}"
CHAIN="RX_PRINTERS"
LOG_FILE="${LOG_FILE:-$PWD/printer_vlan.log}"
APPLY=1

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --dry-run) APPLY=0 ;;
        --rules) RULES_JSON="$2"; shift ;;
        -h|--help) echo "Usage: $0 [--dry-run] [--rules file.json]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

if [[ $EUID -ne 0 ]]; then
    log "must be run as root"
    exit 1
fi

[[ -r "$RULES_JSON" ]] || { log "rules file $RULES_JSON missing"; exit 1; }

# Expand the JSON into iptables argument lines in python. Only documented
# printer subnets are accepted.
expand_rules() {
    RULES_PATH="$RULES_JSON" python3 - <<'PY'
import ipaddress, json, os, sys
allowed = [ipaddress.ip_network(n) for n in
           ("192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24")]
with open(os.environ["RULES_PATH"]) as fh:
    cfg = json.load(fh)
for rule in cfg.get("printers", []):
    net = ipaddress.ip_network(rule["subnet"], strict=False)
    if not any(net.subnet_of(a) for a in allowed):
        sys.stderr.write(f"refusing subnet {net}\n")
        continue
    for port in rule.get("ports", [9100]):
        print(f"-p tcp -d {net} --dport {int(port)} -m conntrack --ctstate NEW -j ACCEPT")
        print(f"-p tcp -s {net} --sport {int(port)} -m conntrack --ctstate ESTABLISHED -j ACCEPT")
PY
}

ensure_chain() {
    iptables -N "$CHAIN" 2>/dev/null || true
    iptables -C OUTPUT -j "$CHAIN" 2>/dev/null || iptables -I OUTPUT 1 -j "$CHAIN"
    iptables -C FORWARD -j "$CHAIN" 2>/dev/null || iptables -I FORWARD 1 -j "$CHAIN"
}

main() {
    mapfile -t rules < <(expand_rules)
    log "${#rules[@]} rules generated from $RULES_JSON"
    if [[ $APPLY -eq 0 ]]; then
        printf '%s\n' "${rules[@]}"
        exit 0
    fi

    ensure_chain
    for r in "${rules[@]}"; do
        # shellcheck disable=SC2086
        if iptables -C "$CHAIN" $r 2>/dev/null; then
            log "present: $r"
        elif iptables -A "$CHAIN" $r; then
            log "added: $r"
        else
            log "failed: $r"
        fi
    done

    log "enabling IPv4 forwarding for the back-counter station"
    sysctl -w net.ipv4.ip_forward=1 >/dev/null

    iptables -S "$CHAIN" | tee -a "$LOG_FILE"
    log "printer VLAN rules applied"
}

main "$@"
