#!/bin/sh
# site_kiosk_netprep.sh - network preparation for the trial-site visit kiosk
#
# The visit kiosk runs the tracker's check-in web app on port 8443 and receives
# pushes from the central randomisation service.  This opens the port to the
# site subnet only, tunes the socket buffers the push client needs, and
# records what it changed in ./netprep.log.
#
# usage: site_kiosk_netprep.sh [-s 10.20.0.0/16] [-p 8443] [--undo]

set -eu

SUBNET="${KIOSK_SUBNET:-10.20.0.0/16}"
APP_PORT="${KIOSK_PORT:-8443}"
UNDO=0
LOGFILE="./netprep.log"
CHAIN="KIOSK-IN"

say() {
    printf '%s %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*" | tee -a "$LOGFILE"
}

while [ $# -gt 0 ]; do
    case "$1" in
        -s) SUBNET="$2"; shift 2 ;;
        -p) APP_PORT="$2"; shift 2 ;;
        --undo) UNDO=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
else
    AS_ROOT="sudo"
    $AS_ROOT -v || { echo "need sudo rights for network changes" >&2; exit 1; }
fi

have() { command -v "$1" >/dev/null 2>&1; }

open_port() {
    if ! $AS_ROOT iptables -nL "$CHAIN" >/dev/null 2>&1; then
        $AS_ROOT iptables -N "$CHAIN"
        $AS_ROOT iptables -I INPUT 1 -j "$CHAIN"
        say "created chain $CHAIN"
    fi
    $AS_ROOT iptables -F "$CHAIN"
    $AS_ROOT iptables -A "$CHAIN" -p tcp -s "$SUBNET" --dport "$APP_PORT" \
        -m conntrack --ctstate NEW -j ACCEPT
    $AS_ROOT iptables -A "$CHAIN" -p tcp --dport "$APP_PORT" -j DROP
    $AS_ROOT iptables -A "$CHAIN" -j RETURN
    say "port $APP_PORT open to $SUBNET"
}

close_port() {
    $AS_ROOT iptables -D INPUT -j "$CHAIN" 2>/dev/null || true
    $AS_ROOT iptables -F "$CHAIN" 2>/dev/null || true
    $AS_ROOT iptables -X "$CHAIN" 2>/dev/null || true
    say "removed chain $CHAIN"
}

tune_buffers() {
    for kv in net.core.rmem_max=4194304 net.core.wmem_max=4194304 \
              net.ipv4.tcp_keepalive_time=120; do
        $AS_ROOT sysctl -q -w "$kv"
        say "sysctl $kv"
    done
}

check_app() {
    if have ss && ss -ltn "sport = :$APP_PORT" | grep -q LISTEN; then
        say "check-in app is listening on $APP_PORT"
    else
        say "warning: nothing listening on $APP_PORT yet"
    fi
}

if [ "$UNDO" -eq 1 ]; then
    close_port
    exit 0
fi

have iptables || { echo "iptables not found" >&2; exit 1; }
open_port
tune_buffers
check_app
say "network preparation done"
