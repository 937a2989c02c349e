#!/usr/bin/env bash
# Expose the local RSVP webhook receiver on port 80 during the reception.
#
# The receiver (rsvp_receiver.py, gunicorn on :8080) takes late RSVPs and
# song requests from the QR codes on the tables. Phones on the venue Wi-Fi
# hit http://<laptop>/ so port 80 is redirected to 8080 for as long as this
# script runs; the rules are removed again on exit.
#
# usage: prog88e_rsvp_webhook_gateway.sh [--iface wlan0] [--port 8080] [--no-receiver]

set -uo pipefail

IFACE="wlan0"
APP_PORT=8080
START_RECEIVER=1
RULE_TAG="rsvp-gateway"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --iface) IFACE="$2"; shift 2 ;;
        --port) APP_PORT="$2"; shift 2 ;;
        --no-receiver) START_RECEIVER=0; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

log() { printf '%(%H:%M:%S)T gateway: %s\n' -1 "$*"; }

# prefer doas on the OpenBSD-ish venue box, sudo elsewhere
if [[ $EUID -eq 0 ]]; then
    PRIV=()
elif command -v doas >/dev/null 2>&1; then
    PRIV=(doas)
else
    PRIV=(sudo)
fi

ipt() { "${PRIV[@]}" iptables "$@"; }

rule_spec() {
    echo "-i $IFACE -p tcp --dport 80 -j REDIRECT --to-ports $APP_PORT -m comment --comment $RULE_TAG"
}

add_rules() {
    # shellcheck disable=SC2046
    if ipt -t nat -C PREROUTING $(rule_spec) 2>/dev/null; then
        log "redirect already in place"
    else
        # shellcheck disable=SC2046
        ipt -t nat -A PREROUTING $(rule_spec) || { log "could not add NAT rule"; return 1; }
        log "port 80 on $IFACE -> $APP_PORT"
    fi
    ipt -C INPUT -i "$IFACE" -p tcp --dport "$APP_PORT" -j ACCEPT 2>/dev/null \
        || ipt -I INPUT -i "$IFACE" -p tcp --dport "$APP_PORT" -j ACCEPT \
              -m comment --comment "$RULE_TAG"
}

remove_rules() {
    # shellcheck disable=SC2046
    ipt -t nat -D PREROUTING $(rule_spec) 2>/dev/null || true
    ipt -D INPUT -i "$IFACE" -p tcp --dport "$APP_PORT" -j ACCEPT \
        -m comment --comment "$RULE_TAG" 2>/dev/null || true
    log "redirect removed"
}

start_receiver() {
    if [[ ! -f rsvp_receiver.py ]]; then
        log "rsvp_receiver.py not found in $(pwd)"
        return 1
    fi
    gunicorn --workers 2 --bind "0.0.0.0:${APP_PORT}" \
        --access-logfile ./receiver_access.log rsvp_receiver:app &
    RECEIVER_PID=$!
    log "receiver started (pid $RECEIVER_PID)"
}

shutdown() {
    [[ -n "${RECEIVER_PID:-}" ]] && kill "$RECEIVER_PID" 2>/dev/null
    remove_rules
    exit 0
}

ip link show "$IFACE" >/dev/null 2>&1 || { log "no interface $IFACE"; exit 1; }
trap shutdown INT TERM EXIT

add_rules || exit 1
if [[ $START_RECEIVER -eq 1 ]]; then
    start_receiver || exit 1
    wait "$RECEIVER_PID"
else
    log "redirect active; Ctrl-C to remove"
    while sleep 3600; do :; done
fi
