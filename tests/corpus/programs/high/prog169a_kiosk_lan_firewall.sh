#!/usr/bin/env bash
# Open the audio-guide content server to the kiosk VLAN only.
# The tablets handed out at the ticket desk pull tour audio from this host
# on port 8080; everything else on that port stays closed.

set -euo pipefail

KIOSK_NET="${KIOSK_NET:-192.0.2.0/24}"
STAFF_NET="${STAFF_NET:-198.51.100.0/26}"
GUIDE_PORT="${GUIDE_PORT:-8080}"
CHAIN="MILL_GUIDE"
RULES_FILE="/etc/iptables/rules.v4"

declare -a FW=(sudo iptables)
declare -a SAVE=(sudo iptables-save)

msg() { printf '[guide-fw] %s\n' "$*"; }

fw() { "${FW[@]}" "$@"; }

has_rule() { fw -C "$@" 2>/dev/null; }

ensure_rule() {
    if has_rule "$@"; then
        msg "present: $*"
    else
        fw -A "$@"
        msg "added: $*"
    fi
}

ensure_chain() {
    if ! fw -n -L "$CHAIN" >/dev/null 2>&1; then
        fw -N "$CHAIN"
        msg "created chain $CHAIN"
    fi
    if ! has_rule INPUT -p tcp --dport "$GUIDE_PORT" -j "$CHAIN"; then
        fw -I INPUT 1 -p tcp --dport "$GUIDE_PORT" -j "$CHAIN"
        msg "INPUT now jumps to $CHAIN for port $GUIDE_PORT"
    fi
}

populate_chain() {
    local net
    for net in "$KIOSK_NET" "$STAFF_NET"; do
        ensure_rule "$CHAIN" -s "$net" -p tcp --dport "$GUIDE_PORT" -j ACCEPT
    done
    ensure_rule "$CHAIN" -p tcp --dport "$GUIDE_PORT" -j DROP
}

persist() {
    local tmp
    tmp=$(mktemp)
    "${SAVE[@]}" >"$tmp"
    sudo install -D -m 0640 "$tmp" "$RULES_FILE"
    rm -f "$tmp"
    msg "saved to $RULES_FILE"
}

remove_all() {
    while has_rule INPUT -p tcp --dport "$GUIDE_PORT" -j "$CHAIN"; do
        fw -D INPUT -p tcp --dport "$GUIDE_PORT" -j "$CHAIN"
    done
    if fw -n -L "$CHAIN" >/dev/null 2>&1; then
        fw -F "$CHAIN"
        fw -X "$CHAIN"
    fi
    msg "removed $CHAIN"
}

show() {
    fw -n -v -L "$CHAIN" 2>/dev/null || msg "chain $CHAIN not present"
}

declare -A ACTIONS=(
    [apply]="ensure_chain populate_chain persist"
    [remove]="remove_all persist"
    [show]="show"
)

action="${1:-apply}"
steps="${ACTIONS[$action]:-}"
if [ -z "$steps" ]; then
    echo "usage: $0 [apply|remove|show]" >&2
    exit 2
fi

for step in $steps; do
    "$step"
done
