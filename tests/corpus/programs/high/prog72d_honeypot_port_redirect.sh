#!/usr/bin/env bash
# honeypot_port_redirect.sh - expose the cowrie/dionaea listeners on their
# real ports without running the honeypots as root.
#
# The honeypots listen on high ports (2222, 2223, 8080 ...). This adds NAT
# REDIRECT rules so inbound traffic to 22/23/80 on the public interface is
# handed to them, and optionally saves the rule set so it survives a reboot.
#
# Usage: honeypot_port_redirect.sh [-i iface] [-m map_file] [--remove] [--persist]
set -euo pipefail

IFACE=""
MAP_FILE="./redirects.map"
MODE="add"
PERSIST=0
CHAIN="HP_REDIRECT"
RULES_FILE="/etc/iptables/rules.v4"

usage() { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; }
log()   { logger -t hp-redirect -- "$*" 2>/dev/null || true; echo "hp-redirect: $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        -i) IFACE="$2"; shift 2 ;;
        -m) MAP_FILE="$2"; shift 2 ;;
        --remove) MODE="remove"; shift ;;
        --persist) PERSIST=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
IPT="$SUDO iptables -w 5 -t nat"

default_iface() {
    ip route show default 2>/dev/null | awk '/default/ {print $5; exit}'
}

read_map() {
    # "public_port internal_port proto" per line, defaults to the cowrie pair
    if [ -r "$MAP_FILE" ]; then
        grep -vE '^\s*(#|$)' "$MAP_FILE"
    else
        printf '22 2222 tcp\n23 2223 tcp\n'
    fi
}

ensure_chain() {
    if ! $IPT -nL "$CHAIN" >/dev/null 2>&1; then
        log "creating chain $CHAIN"
        $IPT -N "$CHAIN"
    fi
    if ! $IPT -C PREROUTING -i "$IFACE" -j "$CHAIN" 2>/dev/null; then
        $IPT -I PREROUTING 1 -i "$IFACE" -j "$CHAIN"
    fi
}

add_rules() {
    ensure_chain
    local pub int proto
    while read -r pub int proto; do
        proto="${proto:-tcp}"
        if $IPT -C "$CHAIN" -p "$proto" --dport "$pub" -j REDIRECT --to-ports "$int" 2>/dev/null; then
            log "$proto/$pub -> $int already present"
            continue
        fi
        $IPT -A "$CHAIN" -p "$proto" --dport "$pub" -j REDIRECT --to-ports "$int"
        log "$proto/$pub -> $int added on $IFACE"
    done < <(read_map)
}

remove_rules() {
    if $IPT -nL "$CHAIN" >/dev/null 2>&1; then
        $IPT -D PREROUTING -i "$IFACE" -j "$CHAIN" 2>/dev/null || true
        $IPT -F "$CHAIN"
        $IPT -X "$CHAIN"
        log "removed chain $CHAIN"
    else
        log "nothing to remove"
    fi
}

persist_rules() {
    log "saving rules to $RULES_FILE"
    $SUDO mkdir -p "$(dirname "$RULES_FILE")"
    $SUDO iptables-save | $SUDO tee "$RULES_FILE" >/dev/null
    $SUDO chmod 0640 "$RULES_FILE"
}

main() {
    command -v iptables >/dev/null || { echo "iptables not installed" >&2; exit 1; }
    IFACE="${IFACE:-$(default_iface)}"
    [ -n "$IFACE" ] || { echo "could not determine public interface, use -i" >&2; exit 1; }

    case "$MODE" in
        add)    add_rules ;;
        remove) remove_rules ;;
    esac
    [ "$PERSIST" -eq 1 ] && persist_rules
    $IPT -nvL "$CHAIN" 2>/dev/null || true
}

main
