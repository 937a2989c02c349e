#!/usr/bin/env bash
# weighbridge_indicator_port_open.sh
#
# The weighbridge indicator (Rinstrum/Avery style) pushes a continuous weight
# string to the office PC over TCP. On fresh office builds the host firewall
# drops it and the ticketing software shows "no scale". This script checks
# whether frames arrive and, if not, allows the indicator's address through
# to the stream port, then writes the indicator settings for the ticketing app.
#
# usage: weighbridge_indicator_port_open.sh [-p port] [-i indicator_ip] [-c]

set -uo pipefail

PORT=${WB_INDICATOR_PORT:-4001}
INDICATOR=${WB_INDICATOR_IP:-192.168.20.50}
CONF_OUT=${WB_INDICATOR_CONF:-./indicator.conf}
CHECK_ONLY=0
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"

log() { printf '[%s] %s\n' "$(date +%T)" "$*" >&2; }

while getopts ':p:i:ch' opt; do
    case $opt in
        p) PORT=$OPTARG ;;
        i) INDICATOR=$OPTARG ;;
        c) CHECK_ONLY=1 ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
        *) log "unknown option -$OPTARG"; exit 2 ;;
    esac
done

[[ $PORT =~ ^[0-9]+$ ]] || { log "bad port $PORT"; exit 2; }

frames_arrive() {
    # listen briefly; the indicator sends ~10 frames a second when it can connect
    local got
    got=$(timeout 6 nc -l "$PORT" 2>/dev/null | head -c 64 | tr -dc '[:print:]')
    [ -n "$got" ] && { log "sample frame: ${got:0:40}"; return 0; }
    return 1
}

allow_indicator() {
    if command -v ufw >/dev/null && $SUDO ufw status 2>/dev/null | grep -q "Status: active"; then
        log "ufw active: allowing $INDICATOR -> tcp/$PORT"
        $SUDO ufw allow proto tcp from "$INDICATOR" to any port "$PORT" comment 'weighbridge indicator'
    elif systemctl is-active --quiet firewalld 2>/dev/null; then
        log "firewalld active: adding rich rule"
        $SUDO firewall-cmd --permanent \
            --add-rich-rule="rule family=ipv4 source address=$INDICATOR port port=$PORT protocol=tcp accept"
        $SUDO firewall-cmd --reload
    else
        log "plain netfilter: inserting INPUT rule"
        $SUDO iptables -C INPUT -p tcp -s "$INDICATOR" --dport "$PORT" -j ACCEPT 2>/dev/null ||
            $SUDO iptables -I INPUT 1 -p tcp -s "$INDICATOR" --dport "$PORT" -j ACCEPT
    fi
}

write_conf() {
    cat >"$CONF_OUT" <<EOF
# written by $(basename "$0") on $(date -Is)
indicator_ip=$INDICATOR
stream_port=$PORT
frame_format=rinstrum_auto
EOF
    log "indicator settings written to $CONF_OUT"
}

if frames_arrive; then
    log "indicator stream already reaches this PC"
    write_conf
    exit 0
fi

if [ "$CHECK_ONLY" -eq 1 ]; then
    log "no frames on tcp/$PORT (check only, nothing changed)"
    exit 1
fi

allow_indicator
sleep 2
if frames_arrive; then
    log "indicator stream OK after firewall change"
    write_conf
else
    log "still no frames: check the indicator's target IP and cabling"
    exit 1
fi
