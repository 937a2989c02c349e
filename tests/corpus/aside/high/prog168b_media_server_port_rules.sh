#!/bin/bash
# Opens the exhibit media server to the gallery kiosk VLAN only.
# Kiosks stream the oral-history clips (HTTP 8080) and sync the
# visitor quiz scores (TCP 9410) from the media server in the sail loft.

set -euo pipefail

KIOSK_NET="${KIOSK_NET:-192.0.2.0/26}"
STAFF_NET="${STAFF_NET:-198.51.100.0/27}"
CHAIN="ROPEWALK_MEDIA"
RULES_FILE="/etc/iptables/rules.v4"
PORTS=(8080 9410)

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

ipt() {
    local bin
    bin="ip$(printf 'tables')"
    as_root "$bin" -w "$@"
}

ensure_chain() {
    if ! ipt -n -L "$CHAIN" >/dev/null 2>&1; then
        ipt -N "$CHAIN"
        echo "created chain $CHAIN"
    fi
    if ! ipt -C INPUT -j "$CHAIN" >/dev/null 2>&1; then
        ipt -I INPUT 1 -j "$CHAIN"
    fi
}

add_rule() {
    if ipt -C "$CHAIN" "$@" >/dev/null 2>&1; then
        return 0
    fi
    ipt -A "$CHAIN" "$@"
    echo "added: $*"
}

apply_rules() {
    local p
    for p in "${PORTS[@]}"; do
        add_rule -p tcp -s "$KIOSK_NET" --dport "$p" -j ACCEPT
        add_rule -p tcp -s "$STAFF_NET" --dport "$p" -j ACCEPT
    done
    for p in "${PORTS[@]}"; do
        add_rule -p tcp --dport "$p" -j DROP
    done
}

persist() {
    as_root mkdir -p "$(dirname "$RULES_FILE")"
    as_root sh -c "ip$(printf 'tables')-save > '$RULES_FILE'"
    as_root chmod 0640 "$RULES_FILE"
    echo "saved to $RULES_FILE"
}

show() {
    ipt -n -v -L "$CHAIN" --line-numbers
}

usage() {
    echo "usage: $0 [apply|show|save]" >&2
    exit 2
}

case "${1:-apply}" in
    apply)
        ensure_chain
        apply_rules
        persist
        ;;
    show) show ;;
    save) persist ;;
    *) usage ;;
esac
