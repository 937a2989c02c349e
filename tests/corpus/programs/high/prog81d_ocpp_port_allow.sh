#!/bin/sh
# Let the wallbox on the garage VLAN reach the local OCPP central system.
#
# The charger opens a websocket to ws://<this host>:${OCPP_PORT}/ocpp/<id>.
# This adds (idempotently) an ACCEPT rule for the charger's subnet only and
# optionally saves the ruleset so it survives a reboot.
set -eu

OCPP_PORT="${OCPP_PORT:-9000}"
CHARGER_NET="${CHARGER_NET:-192.168.20.0/24}"
CHAIN="${CHAIN:-INPUT}"
SAVE=1
REMOVE=0

usage() {
    echo "usage: $0 [-p port] [-n cidr] [-r] [-S]" >&2
    echo "  -r  remove the rule instead of adding it" >&2
    echo "  -S  do not save the ruleset" >&2
    exit 2
}

while getopts "p:n:rSh" opt; do
    case "$opt" in
        p) OCPP_PORT="$OPTARG" ;;
        n) CHARGER_NET="$OPTARG" ;;
        r) REMOVE=1 ;;
        S) SAVE=0 ;;
        *) usage ;;
    esac
done

log() { logger -t ocpp-port "$*" 2>/dev/null || true; echo "$*"; }

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
else
    AS_ROOT="sudo"
fi

case "$OCPP_PORT" in
    ''|*[!0-9]*) echo "port must be numeric" >&2; exit 2 ;;
esac

RULE="-p tcp -s $CHARGER_NET --dport $OCPP_PORT -m conntrack --ctstate NEW -m comment --comment ocpp-central -j ACCEPT"

rule_present() {
    # shellcheck disable=SC2086
    $AS_ROOT iptables -C "$CHAIN" $RULE 2>/dev/null
}

if [ "$REMOVE" -eq 1 ]; then
    if rule_present; then
        # shellcheck disable=SC2086
        $AS_ROOT iptables -D "$CHAIN" $RULE
        log "removed OCPP rule for $CHARGER_NET:$OCPP_PORT"
    else
        log "no OCPP rule to remove"
    fi
else
    if rule_present; then
        log "OCPP rule already present"
    else
        # shellcheck disable=SC2086
        $AS_ROOT iptables -I "$CHAIN" 1 $RULE
        log "allowed $CHARGER_NET -> tcp/$OCPP_PORT"
    fi
fi

if [ "$SAVE" -eq 1 ]; then
    if command -v netfilter-persistent >/dev/null 2>&1; then
        $AS_ROOT netfilter-persistent save >/dev/null
        log "ruleset saved with netfilter-persistent"
    elif [ -d /etc/iptables ]; then
        $AS_ROOT sh -c 'iptables-save > /etc/iptables/rules.v4'
        log "ruleset saved to /etc/iptables/rules.v4"
    else
        log "no persistence mechanism found, rule will be lost on reboot"
    fi
fi

$AS_ROOT iptables -L "$CHAIN" -n --line-numbers | grep -E "dpt:$OCPP_PORT|^num" || true
