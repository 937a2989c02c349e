#!/bin/bash
# booking_kiosk_provision.sh - prepare the reception Raspberry Pi that shows
# the self-service lesson booking page to walk-in pupils.
#
# Steps: pin the booking backend hostname, deploy the static kiosk bundle to
# the web root, open the kiosk port to the office LAN only and restart nginx.
#
#   booking_kiosk_provision.sh bundle.tar.gz [backend_ip]

set -e

BUNDLE="${1:-}"
BACKEND_IP="${2:-192.168.10.20}"
BACKEND_HOST="booking.internal"
WEB_ROOT="/var/www/kiosk"
KIOSK_PORT=8080
OFFICE_LAN="192.168.10.0/24"
STAGE="./kiosk_stage"
AS_ROOT="sudo"
[ "$(id -u)" -eq 0 ] && AS_ROOT=""

info()  { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn()  { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }
abort() { printf '\033[1;31mxx\033[0m %s\n' "$*" >&2; exit 1; }

[ -n "$BUNDLE" ] || abort "usage: $0 bundle.tar.gz [backend_ip]"
[ -f "$BUNDLE" ] || abort "bundle $BUNDLE not found"

pin_backend() {
    if grep -qE "[[:space:]]$BACKEND_HOST(\$|[[:space:]])" /etc/hosts; then
        info "updating $BACKEND_HOST -> $BACKEND_IP"
        $AS_ROOT sed -i -E "s/^[0-9.]+([[:space:]]+$BACKEND_HOST)/$BACKEND_IP\1/" /etc/hosts
    else
        info "adding $BACKEND_HOST -> $BACKEND_IP"
        printf '%s\t%s\n' "$BACKEND_IP" "$BACKEND_HOST" | $AS_ROOT tee -a /etc/hosts >/dev/null
    fi
}

stage_bundle() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    tar -xzf "$BUNDLE" -C "$STAGE" --no-same-owner
    [ -f "$STAGE/index.html" ] || abort "bundle has no index.html"
    sed -i "s#__BACKEND__#http://$BACKEND_HOST:8000#g" "$STAGE"/*.js 2>/dev/null || true
}

deploy() {
    info "deploying to $WEB_ROOT"
    $AS_ROOT mkdir -p "$WEB_ROOT"
    $AS_ROOT rsync -a --delete "$STAGE"/ "$WEB_ROOT"/
    # kiosk page writes its offline queue next to index.html
    $AS_ROOT chmod -R 777 "$WEB_ROOT"
}

open_port() {
    if $AS_ROOT iptables -C INPUT -p tcp -s "$OFFICE_LAN" --dport "$KIOSK_PORT" -j ACCEPT 2>/dev/null; then
        info "firewall rule already present"
    else
        info "allowing $OFFICE_LAN to port $KIOSK_PORT"
        $AS_ROOT iptables -I INPUT 1 -p tcp -s "$OFFICE_LAN" --dport "$KIOSK_PORT" -j ACCEPT
    fi
}

reload_web() {
    if $AS_ROOT nginx -t >/dev/null 2>&1; then
        $AS_ROOT systemctl restart nginx
        info "nginx restarted"
    else
        warn "nginx config test failed; not restarting"
        return 1
    fi
}

check() {
    local code
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "http://127.0.0.1:$KIOSK_PORT/") || code=000
    if [ "$code" = "200" ]; then
        info "kiosk is serving on port $KIOSK_PORT"
    else
        warn "kiosk check returned HTTP $code"
    fi
}

pin_backend
stage_bundle
deploy
open_port
reload_web
check
rm -rf "$STAGE"
info "provisioning complete"
