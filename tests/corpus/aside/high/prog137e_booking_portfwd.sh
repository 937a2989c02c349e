#!/usr/bin/env bash
# Publish the booking site from the reception box to the guest Wi-Fi.
#
# The booking web app runs on 127.0.0.1:8080 on the reception PC. Guests on
# the spa Wi-Fi should reach it on port 80 of the PC's Wi-Fi address. This
# adds the NAT rule, turns on forwarding and keeps the setting over reboots.

set -euo pipefail

WIFI_IF="${WIFI_IF:-wlan0}"
APP_PORT="${APP_PORT:-8080}"
PUBLIC_PORT="${PUBLIC_PORT:-80}"
ELEVATE="${ELEVATE:-$(command -v doas || command -v sudo || echo sudo)}"

info() { echo "[portfwd] $*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        "$ELEVATE" "$@"
    fi
}

have_rule() {
    as_root iptables -t nat -C PREROUTING -i "$WIFI_IF" -p tcp \
        --dport "$PUBLIC_PORT" -j REDIRECT --to-ports "$APP_PORT" 2>/dev/null
}

add_rule() {
    if have_rule; then
        info "NAT rule already present"
        return
    fi
    info "redirecting $WIFI_IF:$PUBLIC_PORT -> $APP_PORT"
    as_root iptables -t nat -A PREROUTING -i "$WIFI_IF" -p tcp \
        --dport "$PUBLIC_PORT" -j REDIRECT --to-ports "$APP_PORT"
}

enable_localnet() {
    # REDIRECT to a service bound on loopback needs route_localnet
    local key="net.ipv4.conf.${WIFI_IF}.route_localnet"
    as_root sysctl -w "$key=1" >/dev/null
    as_root sysctl -w net.ipv4.ip_forward=1 >/dev/null
    local conf="/etc/sysctl.d/60-booking-portfwd.conf"
    printf '%s = 1\nnet.ipv4.ip_forward = 1\n' "$key" | as_root tee "$conf" >/dev/null
    info "wrote $conf"
}

persist_rules() {
    if command -v netfilter-persistent >/dev/null 2>&1; then
        as_root netfilter-persistent save
    else
        as_root sh -c 'iptables-save > /etc/iptables/rules.v4'
    fi
    info "rules saved"
}

check_app() {
    if curl -fsS -o /dev/null --max-time 3 "http://127.0.0.1:$APP_PORT/health"; then
        info "booking app answers on $APP_PORT"
    else
        info "warning: booking app not answering on $APP_PORT"
    fi
}

main() {
    if ! ip link show "$WIFI_IF" >/dev/null 2>&1; then
        echo "interface $WIFI_IF not found" >&2
        exit 1
    fi
    check_app
    add_rule
    enable_localnet
    persist_rules
    info "done"
}

main "$@"
