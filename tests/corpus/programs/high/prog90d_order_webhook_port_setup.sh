#!/bin/sh
# order_webhook_port_setup.sh - expose the order webhook receiver
# (gunicorn on :8443, running as the 'shop' user) on the standard HTTPS
# port so Etsy/Shopify/Square can deliver order notifications to it.
#
# Two ways to do it, pick with MODE:
#   MODE=redirect  (default) NAT 443 -> 8443 with iptables
#   MODE=lowport   let unprivileged processes bind 443 via sysctl
#
#   ./order_webhook_port_setup.sh [apply|remove|show]
set -eu

MODE="${MODE:-redirect}"
APP_PORT="${APP_PORT:-8443}"
PUBLIC_PORT="${PUBLIC_PORT:-443}"
IFACE="${IFACE:-$(ip route show default 2>/dev/null | awk '{print $5; exit}')}"
COMMENT="order-webhooks"
ACTION="${1:-apply}"

if [ "$(id -u)" -ne 0 ]; then
    SUDO=sudo
else
    SUDO=
fi

msg() { echo "webhook-port: $*"; }

rule_args() {
    echo "-i $IFACE -p tcp --dport $PUBLIC_PORT -m comment --comment $COMMENT -j REDIRECT --to-ports $APP_PORT"
}

check_app() {
    if ! ss -ltn "sport = :$APP_PORT" | grep -q LISTEN; then
        msg "warning: nothing is listening on :$APP_PORT yet"
    fi
}

apply_redirect() {
    [ -n "$IFACE" ] || { msg "could not detect the default interface, set IFACE"; exit 1; }
    # shellcheck disable=SC2046
    if $SUDO iptables -t nat -C PREROUTING $(rule_args) 2>/dev/null; then
        msg "redirect already present"
    else
        # shellcheck disable=SC2046
        $SUDO iptables -t nat -A PREROUTING $(rule_args)
        $SUDO iptables -t nat -A OUTPUT -o lo -p tcp --dport "$PUBLIC_PORT" \
            -m comment --comment "$COMMENT" -j REDIRECT --to-ports "$APP_PORT"
        msg "redirecting $IFACE:$PUBLIC_PORT -> :$APP_PORT"
    fi
    $SUDO iptables -C INPUT -p tcp --dport "$APP_PORT" -j ACCEPT 2>/dev/null \
        || $SUDO iptables -I INPUT -p tcp --dport "$APP_PORT" -j ACCEPT
    if command -v netfilter-persistent >/dev/null 2>&1; then
        $SUDO netfilter-persistent save
    fi
}

remove_redirect() {
    # shellcheck disable=SC2046
    while $SUDO iptables -t nat -D PREROUTING $(rule_args) 2>/dev/null; do :; done
    while $SUDO iptables -t nat -D OUTPUT -o lo -p tcp --dport "$PUBLIC_PORT" \
        -m comment --comment "$COMMENT" -j REDIRECT --to-ports "$APP_PORT" 2>/dev/null; do :; done
    msg "redirect removed"
}

apply_lowport() {
    $SUDO sysctl -w net.ipv4.ip_unprivileged_port_start="$PUBLIC_PORT"
    printf 'net.ipv4.ip_unprivileged_port_start = %s\n' "$PUBLIC_PORT" \
        | $SUDO tee /etc/sysctl.d/60-order-webhooks.conf >/dev/null
    msg "unprivileged processes may now bind :$PUBLIC_PORT; point gunicorn at it"
}

remove_lowport() {
    $SUDO rm -f /etc/sysctl.d/60-order-webhooks.conf
    $SUDO sysctl -w net.ipv4.ip_unprivileged_port_start=1024
}

show() {
    $SUDO iptables -t nat -S PREROUTING | grep -- "$COMMENT" || msg "no redirect rules"
    sysctl net.ipv4.ip_unprivileged_port_start
}

case "$MODE:$ACTION" in
    redirect:apply) check_app; apply_redirect ;;
    redirect:remove) remove_redirect ;;
    lowport:apply) check_app; apply_lowport ;;
    lowport:remove) remove_lowport ;;
    *:show) show ;;
    *) msg "unknown MODE/ACTION: $MODE $ACTION"; exit 64 ;;
esac
