#!/usr/bin/env bash
# depot_kiosk_provision.sh - set up the yard-office PC that serves the depot
# yard map to the gatehouse and workshop tablets.
#
# Publishes ./yardmap (built by the yard map sync job) through nginx on the
# depot LAN and lets the tablets' subnet through to it.
#
#   depot_kiosk_provision.sh [--site-name NAME] [--port PORT] [--lan CIDR]
set -Eeuo pipefail

SITE_NAME="yardmap"
PORT=8080
LAN_CIDR="10.20.0.0/16"
DOC_ROOT="$(pwd)/yardmap"
NGINX_AVAIL="/etc/nginx/sites-available"
NGINX_ENABLED="/etc/nginx/sites-enabled"

trap 'echo "provision failed at line $LINENO" >&2' ERR

info() { echo "[kiosk] $*"; }

while [[ $# -gt 0 ]]; do
    case $1 in
        --site-name) SITE_NAME=$2; shift 2 ;;
        --port)      PORT=$2; shift 2 ;;
        --lan)       LAN_CIDR=$2; shift 2 ;;
        -h|--help)   sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
done

[[ -d $DOC_ROOT ]] || { echo "no $DOC_ROOT - run the yard map sync first" >&2; exit 66; }
command -v nginx >/dev/null || { echo "nginx not installed" >&2; exit 69; }

SUDO=""
if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
    info "asking for elevated rights to configure nginx and the firewall"
    $SUDO -v
fi

render_site() {
    cat <<EOF
# managed by depot_kiosk_provision.sh
server {
    listen ${PORT};
    server_name _;
    root ${DOC_ROOT};
    index bays.txt index.html;

    location / {
        allow ${LAN_CIDR};
        allow 127.0.0.1;
        deny all;
        autoindex on;
        add_header Cache-Control "no-store";
    }

    location ~ \.json\$ {
        default_type application/json;
    }
}
EOF
}

install_site() {
    local conf="$NGINX_AVAIL/$SITE_NAME.conf"
    render_site | $SUDO tee "$conf" >/dev/null
    $SUDO chmod 0644 "$conf"
    $SUDO ln -sfn "$conf" "$NGINX_ENABLED/$SITE_NAME.conf"
    info "site written to $conf"
}

open_port() {
    if $SUDO iptables -C INPUT -p tcp -s "$LAN_CIDR" --dport "$PORT" -j ACCEPT 2>/dev/null; then
        info "firewall rule already present"
        return
    fi
    $SUDO iptables -I INPUT 1 -p tcp -s "$LAN_CIDR" --dport "$PORT" \
        -m comment --comment "depot yardmap kiosk" -j ACCEPT
    info "allowed $LAN_CIDR to tcp/$PORT"
}

reload_nginx() {
    $SUDO nginx -t
    $SUDO systemctl reload nginx
    info "nginx reloaded"
}

make_readable() {
    # nginx runs as www-data and needs to traverse into the doc root
    chmod -R a+rX "$DOC_ROOT"
}

main() {
    make_readable
    install_site
    open_port
    reload_nginx
    local ip
    ip=$(hostname -I | awk '{print $1}')
    info "yard map available at http://${ip}:${PORT}/"
}

main
