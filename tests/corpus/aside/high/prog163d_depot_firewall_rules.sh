#!/bin/bash
# Adds the depot's telematics and CCTV rules to the yard server firewall.
# Existing rules are left alone; only the DEPOT-YARD chain is managed.

set -euo pipefail

CHAIN="DEPOT-YARD"
TELEMATICS_PORT=5055
CCTV_PORT=554
YARD_NET="192.0.2.0/24"
OFFICE_NET="198.51.100.0/24"
APPLY=1

usage() {
    echo "usage: $0 [--check]"
    echo "  --check   only show which rules are missing"
}

case "${1:-}" in
    --check) APPLY=0 ;;
    -h|--help) usage; exit 0 ;;
    "") ;;
    *) usage; exit 2 ;;
esac

if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
else
    SUDO=""
fi

ipt() {
    $SUDO iptables "$@"
}

ensure_chain() {
    if ! ipt -n -L "$CHAIN" >/dev/null 2>&1; then
        echo "creating chain $CHAIN"
        [ "$APPLY" -eq 1 ] && ipt -N "$CHAIN"
    fi
    if ! ipt -C INPUT -j "$CHAIN" 2>/dev/null; then
        echo "hooking $CHAIN into INPUT"
        [ "$APPLY" -eq 1 ] && ipt -I INPUT 1 -j "$CHAIN"
    fi
    return 0
}

ensure_rule() {
    if ipt -C "$CHAIN" "$@" 2>/dev/null; then
        echo "present: $*"
    else
        echo "missing: $*"
        if [ "$APPLY" -eq 1 ]; then
            ipt -A "$CHAIN" "$@"
        fi
    fi
}

yard_rules() {
    ensure_rule -p udp -s "$YARD_NET" --dport "$TELEMATICS_PORT" -j ACCEPT
    ensure_rule -p tcp -s "$YARD_NET" --dport "$TELEMATICS_PORT" -j ACCEPT
    ensure_rule -p tcp -s "$OFFICE_NET" --dport "$CCTV_PORT" -j ACCEPT
    ensure_rule -p tcp --dport "$CCTV_PORT" -j DROP
}

save_rules() {
    if [ "$APPLY" -eq 0 ]; then
        return
    fi
    if command -v netfilter-persistent >/dev/null 2>&1; then
        $SUDO netfilter-persistent save
    else
        $SUDO sh -c 'iptables-save > /etc/iptables/rules.v4'
    fi
    echo "rules saved"
}

ensure_chain
yard_rules
save_rules
