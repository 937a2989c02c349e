#!/bin/sh
# venue_results_portmap.sh - serve the live results page on port 80
#
# At away venues the results laptop runs the pairings/results web app as
# the arbiter user on port 8080. Spectators on the venue Wi-Fi type the
# laptop's address without a port, so we redirect 80 -> 8080 for the
# duration of the event and take the redirect away afterwards.
#
# usage: venue_results_portmap.sh up|down|status [-i IFACE] [-p APP_PORT]

set -eu

ACTION="${1:-status}"
[ $# -gt 0 ] && shift
IFACE=""
APP_PORT=8080
PUBLIC_PORT=80
COMMENT="venue-results"
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/venue-results"

while getopts "i:p:" opt; do
    case $opt in
        i) IFACE=$OPTARG ;;
        p) APP_PORT=$OPTARG ;;
        *) echo "usage: $0 up|down|status [-i IFACE] [-p APP_PORT]" >&2; exit 1 ;;
    esac
done

log() { printf '%s [portmap] %s\n' "$(date +%H:%M:%S)" "$*"; }

elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        sudo "$@"
    fi
}

pick_iface() {
    [ -n "$IFACE" ] && return
    IFACE=$(ip -o route show default 2>/dev/null | awk '{print $5; exit}')
    [ -n "$IFACE" ] || { log "no default route - pass -i IFACE"; exit 1; }
}

rule_args() {
    # $1 = -A / -D / -C
    echo "-t nat $1 PREROUTING -i $IFACE -p tcp --dport $PUBLIC_PORT \
-j REDIRECT --to-ports $APP_PORT -m comment --comment $COMMENT"
}

local_rule_args() {
    echo "-t nat $1 OUTPUT -o lo -p tcp --dport $PUBLIC_PORT \
-j REDIRECT --to-ports $APP_PORT -m comment --comment $COMMENT"
}

have_rule() {
    # shellcheck disable=SC2046
    elevate iptables $(rule_args -C) 2>/dev/null
}

case "$ACTION" in
    up)
        pick_iface
        if have_rule; then
            log "redirect already active on $IFACE"
            exit 0
        fi
        if ! ss -ltn "sport = :$APP_PORT" | grep -q LISTEN; then
            log "warning: nothing listening on $APP_PORT yet"
        fi
        # shellcheck disable=SC2046
        elevate iptables $(rule_args -A)
        # shellcheck disable=SC2046
        elevate iptables $(local_rule_args -A)
        mkdir -p "$STATE_DIR"
        printf 'IFACE=%s\nAPP_PORT=%s\n' "$IFACE" "$APP_PORT" > "$STATE_DIR/active"
        addr=$(ip -o -4 addr show dev "$IFACE" | awk '{split($4,a,"/"); print a[1]; exit}')
        log "spectators can open http://$addr/"
        ;;
    down)
        if [ -f "$STATE_DIR/active" ]; then
            # shellcheck disable=SC1091
            . "$STATE_DIR/active"
        fi
        pick_iface
        # shellcheck disable=SC2046
        while have_rule; do elevate iptables $(rule_args -D); done
        # shellcheck disable=SC2046
        elevate iptables $(local_rule_args -D) 2>/dev/null || true
        rm -f "$STATE_DIR/active"
        log "redirect removed"
        ;;
    status)
        elevate iptables -t nat -S | grep -- "$COMMENT" || log "no redirect active"
        ;;
    *)
        echo "unknown action $ACTION" >&2
        exit 1
        ;;
esac
