#!/usr/bin/env bash
# venue_display_redirect.sh - make the stage setlist display reachable on port 80
#
# The setlist display app listens on :8080 as a normal user.  Phones and the
# venue's smart TVs only open plain http://bandlaptop/ reliably, so while the
# gig runs this adds a NAT redirect 80 -> 8080 on the band wifi interface and
# removes it again when you press Ctrl+C (or run with "down").
#
#   venue_display_redirect.sh [up|down|status] [-i wlan0] [-p 8080]
set -euo pipefail

ACTION="up"
IFACE=""
APP_PORT=8080
COMMENT="setlist-display"

if command -v doas >/dev/null 2>&1 && doas -C /etc/doas.conf iptables >/dev/null 2>&1; then
    AS_ROOT=doas
else
    AS_ROOT=sudo
fi

case "${1:-}" in up|down|status) ACTION="$1"; shift ;; esac
while getopts ":i:p:h" opt; do
    case "$opt" in
        i) IFACE="$OPTARG" ;;
        p) APP_PORT="$OPTARG" ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "bad option -$OPTARG" >&2; exit 1 ;;
    esac
done

note() { echo "[display] $*"; }

default_iface() {
    ip -o route show default 2>/dev/null | awk '{for (i = 1; i < NF; i++) if ($i == "dev") { print $(i+1); exit }}'
}

[[ -n "$IFACE" ]] || IFACE="$(default_iface)"
[[ -n "$IFACE" ]] || { note "no network interface found - join the venue wifi first"; exit 1; }

rule_args() {
    echo "-i $IFACE -p tcp --dport 80 -m comment --comment $COMMENT -j REDIRECT --to-ports $APP_PORT"
}

rule_present() {
    # shellcheck disable=SC2046
    $AS_ROOT iptables -t nat -C PREROUTING $(rule_args) 2>/dev/null
}

app_listening() {
    ss -ltnH "sport = :$APP_PORT" | grep -q LISTEN
}

up() {
    app_listening || note "warning: nothing is listening on :$APP_PORT yet"
    if rule_present; then
        note "redirect already active on $IFACE"
    else
        # shellcheck disable=SC2046
        $AS_ROOT iptables -t nat -I PREROUTING 1 $(rule_args)
        note "http://$(hostname).local/ -> :$APP_PORT on $IFACE"
    fi
}

down() {
    while rule_present; do
        # shellcheck disable=SC2046
        $AS_ROOT iptables -t nat -D PREROUTING $(rule_args)
    done
    note "redirect removed"
}

status() {
    $AS_ROOT iptables -t nat -S PREROUTING | grep -- "$COMMENT" || note "no redirect active"
}

case "$ACTION" in
    up)
        up
        trap 'down; exit 0' INT TERM
        note "press Ctrl+C after the gig to remove the redirect"
        while sleep 3600; do :; done
        ;;
    down) down ;;
    status) status ;;
esac
