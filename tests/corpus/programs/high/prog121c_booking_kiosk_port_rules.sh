#!/bin/bash
# booking_kiosk_port_rules.sh
#
# The boathouse booking kiosk app listens on 8443.  The clubhouse PC's
# default policy drops inbound traffic, so the kiosk tablets on the
# boathouse VLAN can't reach it.  This adds (or removes) an accept rule
# for the kiosk subnet only and saves the ruleset so it survives reboots.
#
# Settings come from kiosk.env in the current directory if present:
#   KIOSK_PORT=8443
#   KIOSK_SUBNET=192.168.40.0/24
#   KIOSK_IFACE=eth1
set -o errexit -o nounset -o pipefail

ENV_FILE="${ENV_FILE:-./kiosk.env}"
if [[ -f "$ENV_FILE" ]]; then
    # shellcheck disable=SC1090
    source "$ENV_FILE"
fi

KIOSK_PORT="${KIOSK_PORT:-8443}"
KIOSK_SUBNET="${KIOSK_SUBNET:-192.168.40.0/24}"
KIOSK_IFACE="${KIOSK_IFACE:-eth1}"
COMMENT="boathouse-kiosk"
ACTION="${1:-add}"

IPT=(sudo iptables -w 5)
SAVE_PATH="/etc/iptables/rules.v4"

log() { logger -t kiosk-rules -- "$*" 2>/dev/null || true; echo "kiosk-rules: $*"; }

rule_spec() {
    echo "-i ${KIOSK_IFACE} -p tcp -s ${KIOSK_SUBNET} --dport ${KIOSK_PORT} \
-m conntrack --ctstate NEW -m comment --comment ${COMMENT} -j ACCEPT"
}

have_rule() {
    # shellcheck disable=SC2046
    "${IPT[@]}" -C INPUT $(rule_spec) 2>/dev/null
}

persist() {
    if ! command -v iptables-save >/dev/null; then
        log "iptables-save not found; rule will not survive reboot"
        return 0
    fi
    sudo mkdir -p "$(dirname "$SAVE_PATH")"
    sudo iptables-save | sudo tee "$SAVE_PATH" >/dev/null
    log "saved ruleset to $SAVE_PATH"
}

add_rule() {
    if have_rule; then
        log "rule already present for ${KIOSK_SUBNET} -> :${KIOSK_PORT}"
        return 0
    fi
    # shellcheck disable=SC2046
    "${IPT[@]}" -I INPUT 1 $(rule_spec)
    log "accepting ${KIOSK_SUBNET} on ${KIOSK_IFACE}:${KIOSK_PORT}"
    persist
}

del_rule() {
    local n=0
    while have_rule; do
        # shellcheck disable=SC2046
        "${IPT[@]}" -D INPUT $(rule_spec)
        n=$((n + 1))
    done
    log "removed $n rule(s)"
    persist
}

show_rules() {
    "${IPT[@]}" -L INPUT -n -v --line-numbers | grep -E "^(Chain|num)|${COMMENT}" || true
}

case "$ACTION" in
    add)    add_rule ;;
    remove) del_rule ;;
    show)   show_rules ;;
    *)      echo "usage: $0 [add|remove|show]" >&2; exit 2 ;;
esac
