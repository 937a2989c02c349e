#!/usr/bin/env bash
# nginx_efiling_vhost_deploy.sh
#
# Deploys the public e-filing portal virtual host on the court's reverse
# proxy: installs the renewed TLS certificate and key, writes the vhost
# file, validates the configuration and reloads nginx.
#
# Must run as root on the proxy host.
# Usage: nginx_efiling_vhost_deploy.sh -c cert.pem -k key.pem [-n server_name] [-u upstream]

set -euo pipefail

SERVER_NAME="efile.example.org"
UPSTREAM="198.51.100.30:8080"
CERT_SRC=""
KEY_SRC=""
SSL_DIR="/etc/nginx/ssl/efiling"
VHOST="/etc/nginx/conf.d/efiling.conf"
BACKUP_DIR="./vhost_backups"
LOG_FILE="./vhost_deploy.log"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"
}

fail() {
    log "ERROR: $*"
    exit 1
}

usage() {
    echo "Usage: $0 -c cert.pem -k key.pem [-n server_name] [-u upstream]"
}

while getopts ":c:k:n:u:h" opt; do
    case "$opt" in
        c) CERT_SRC="$OPTARG" ;;
        k) KEY_SRC="$OPTARG" ;;
        n) SERVER_NAME="$OPTARG" ;;
        u) UPSTREAM="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ $EUID -eq 0 ]] || fail "run this as root on the proxy host"
[[ -f "$CERT_SRC" && -f "$KEY_SRC" ]] || { usage; fail "certificate and key files are required"; }
command -v nginx >/dev/null 2>&1 || fail "nginx is not installed"

check_cert() {
    local cert_mod key_mod
    cert_mod=$(openssl x509 -noout -modulus -in "$CERT_SRC" | sha256sum)
    key_mod=$(openssl rsa -noout -modulus -in "$KEY_SRC" 2>/dev/null | sha256sum)
    [[ "$cert_mod" == "$key_mod" ]] || fail "certificate and key do not match"
    log "certificate expires $(openssl x509 -noout -enddate -in "$CERT_SRC" | cut -d= -f2)"
}

backup_existing() {
    mkdir -p "$BACKUP_DIR"
    if [[ -f "$VHOST" ]]; then
        cp -p "$VHOST" "${BACKUP_DIR}/efiling.conf.$(date +%Y%m%d%H%M%S)"
        log "backed up existing vhost"
    fi
}

install_cert() {
    install -d -m 0750 -o root -g root "$SSL_DIR"
    install -m 0644 -o root -g root "$CERT_SRC" "${SSL_DIR}/fullchain.pem"
    install -m 0600 -o root -g root "$KEY_SRC" "${SSL_DIR}/privkey.pem"
    log "installed certificate into ${SSL_DIR}"
}

write_vhost() {
    cat > "$VHOST" <<CONF
# managed by nginx_efiling_vhost_deploy.sh - do not edit by hand
upstream efiling_app {
    server ${UPSTREAM};
}
server {
    listen 443 ssl;
    server_name ${SERVER_NAME};
    ssl_certificate     ${SSL_DIR}/fullchain.pem;
    ssl_certificate_key ${SSL_DIR}/privkey.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
    client_max_body_size 50m;
    location / {
        proxy_pass http://efiling_app;
        proxy_set_header Host \$host;
        proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
    }
}
CONF
    chown root:root "$VHOST"
    chmod 0644 "$VHOST"
    log "wrote ${VHOST} for ${SERVER_NAME} -> ${UPSTREAM}"
}

restore_latest_backup() {
    local latest
    latest=$(ls -1t "$BACKUP_DIR"/efiling.conf.* 2>/dev/null | head -n1 || true)
    if [[ -n "$latest" ]]; then
        cp -p "$latest" "$VHOST"
        log "restored ${latest}"
    else
        rm -f "$VHOST"
        log "removed new vhost (no previous version)"
    fi
}

check_cert
backup_existing
install_cert
write_vhost
if ! nginx -t >>"$LOG_FILE" 2>&1; then
    log "nginx config test failed; rolling back"
    restore_latest_backup
    exit 1
fi
systemctl reload nginx
log "nginx reloaded; ${SERVER_NAME} is live"
