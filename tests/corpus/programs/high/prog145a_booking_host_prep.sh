#!/usr/bin/env bash
# Prepares the back-office PC to serve the booking page to the salon tablets.
# Opens the booking port on the local network, tunes the connection backlog
# for Saturday rush and drops in the nginx site for the booking app.
set -euo pipefail

BOOKING_PORT="${BOOKING_PORT:-8443}"
LAN_RANGE="${LAN_RANGE:-192.168.10.0/24}"
SITE_NAME="salon-booking"
NGINX_DIR="/etc/nginx"
LOG_FILE="./host_prep.log"

log() {
    printf '%s %s\n' "$(date '+%H:%M:%S')" "$*" | tee -a "$LOG_FILE"
}

# Everything below needs admin rights; reuse the cached credential when present.
as_admin() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

open_port() {
    local fw="ipt""ables"
    if as_admin "$fw" -C INPUT -p tcp -s "$LAN_RANGE" --dport "$BOOKING_PORT" -j ACCEPT 2>/dev/null; then
        log "port $BOOKING_PORT already open for $LAN_RANGE"
        return
    fi
    as_admin "$fw" -I INPUT -p tcp -s "$LAN_RANGE" --dport "$BOOKING_PORT" -j ACCEPT
    log "opened $BOOKING_PORT for $LAN_RANGE"
}

tune_backlog() {
    local key value
    for pair in "net.core.somaxconn=1024" "net.ipv4.tcp_max_syn_backlog=2048"; do
        key="${pair%%=*}"
        value="${pair#*=}"
        as_admin sysctl -w "${key}=${value}" >/dev/null
        log "set $key=$value"
    done
}

write_site() {
    local target="$NGINX_DIR/sites-available/$SITE_NAME"
    as_admin tee "$target" >/dev/null <<EOF
server {
    listen ${BOOKING_PORT} ssl;
    server_name booking.salon.lan;
    ssl_certificate     /etc/ssl/salon/booking.crt;
    ssl_certificate_key /etc/ssl/salon/booking.key;
    location / {
        proxy_pass http://127.0.0.1:8080;
        proxy_set_header Host \$host;
    }
}
EOF
    as_admin ln -sf "$target" "$NGINX_DIR/sites-enabled/$SITE_NAME"
    as_admin chown root:root "$target"
    log "wrote $target"
}

reload_web() {
    if as_admin nginx -t >/dev/null 2>&1; then
        as_admin systemctl reload nginx
        log "nginx reloaded"
    else
        log "nginx config test failed, not reloading"
        return 1
    fi
}

usage() {
    echo "usage: $0 [--skip-firewall] [--skip-tuning]"
}

SKIP_FW=0
SKIP_TUNE=0
while [ $# -gt 0 ]; do
    case "$1" in
        --skip-firewall) SKIP_FW=1 ;;
        --skip-tuning) SKIP_TUNE=1 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

log "preparing booking host"
[ "$SKIP_FW" -eq 1 ] || open_port
[ "$SKIP_TUNE" -eq 1 ] || tune_backlog
write_site
reload_web
log "done"
