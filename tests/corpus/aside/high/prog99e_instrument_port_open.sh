#!/bin/bash
# instrument_port_open.sh - allow the instrument control network to reach
# the acquisition services on this workstation.
#
# The Orbitrap / QTOF control PCs push status and raw-file notifications to
# the data mover on TCP 5721 and the vendor licence service on 27000-27009.
# Only the instrument VLAN (config: INSTRUMENT_NET) is allowed in.
#
# usage: instrument_port_open.sh [add|remove|status]

CONF=${CONF:-./instrument_ports.conf}
INSTRUMENT_NET="10.42.16.0/24"
TCP_PORTS="5721 27000:27009"
CHAIN=LAB-INSTRUMENTS
COMMENT="lab instrument access"

[ -r "$CONF" ] && . "$CONF"

if [ "$(id -u)" -ne 0 ]; then
    exec sudo -E -- "$0" "$@"
fi

log() { logger -t instrument-ports "$*"; echo "$*"; }

ensure_chain() {
    if ! iptables -nL "$CHAIN" >/dev/null 2>&1; then
        iptables -N "$CHAIN"
        log "created chain $CHAIN"
    fi
    if ! iptables -C INPUT -j "$CHAIN" 2>/dev/null; then
        iptables -I INPUT 1 -j "$CHAIN"
        log "hooked $CHAIN into INPUT"
    fi
}

add_rules() {
    ensure_chain
    for p in $TCP_PORTS; do
        if iptables -C "$CHAIN" -p tcp -s "$INSTRUMENT_NET" --dport "$p" \
                -m comment --comment "$COMMENT" -j ACCEPT 2>/dev/null; then
            echo "port $p already open for $INSTRUMENT_NET"
            continue
        fi
        iptables -A "$CHAIN" -p tcp -s "$INSTRUMENT_NET" --dport "$p" \
            -m conntrack --ctstate NEW,ESTABLISHED \
            -m comment --comment "$COMMENT" -j ACCEPT
        log "opened tcp/$p for $INSTRUMENT_NET"
    done
}

remove_rules() {
    iptables -nL "$CHAIN" >/dev/null 2>&1 || { echo "nothing to remove"; return; }
    iptables -D INPUT -j "$CHAIN" 2>/dev/null
    iptables -F "$CHAIN"
    iptables -X "$CHAIN"
    log "removed chain $CHAIN"
}

persist() {
    if [ -d /etc/iptables ]; then
        iptables-save > /etc/iptables/rules.v4
        log "saved to /etc/iptables/rules.v4"
    elif [ -f /etc/sysconfig/iptables ]; then
        cp -a /etc/sysconfig/iptables "/etc/sysconfig/iptables.bak.$(date +%s)"
        iptables-save > /etc/sysconfig/iptables
        log "saved to /etc/sysconfig/iptables"
    else
        echo "warning: no persistent rules file found, rules last until reboot"
    fi
}

status() {
    iptables -nvL "$CHAIN" --line-numbers 2>/dev/null || echo "chain $CHAIN not present"
    if command -v ss >/dev/null; then
        echo
        echo "listening services:"
        for p in $TCP_PORTS; do
            ss -ltnH "sport = :${p%%:*}" 2>/dev/null
        done
    fi
}

case "${1:-add}" in
    add)    add_rules; persist ;;
    remove) remove_rules; persist ;;
    status) status ;;
    *) echo "usage: $0 [add|remove|status]"; exit 2 ;;
esac
