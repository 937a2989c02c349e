#!/usr/bin/env bash
# rotate_portal_tls_certs.sh
#
# Install a renewed TLS certificate for the vet-portal reverse proxy. The
# security team drops the renewed bundle into ./certs/<domain>/ (fullchain.pem
# and privkey.pem); this script validates it, installs it into the nginx ssl
# directory and reloads nginx without dropping clinic sessions.
#
# Usage: rotate_portal_tls_certs.sh <domain> [--check-only]

set -euo pipefail

DOMAIN="${1:-}"
CHECK_ONLY=0
[[ "${2:-}" == "--check-only" ]] && CHECK_ONLY=1
SRC_DIR="./certs/${DOMAIN}"
DEST_DIR="/etc/nginx/ssl/${DOMAIN}"
LOG_FILE="./rotate_certs.log"
MIN_DAYS_LEFT=20

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

die() {
    log "ERROR: $*"
    exit 1
}

validate_inputs() {
    [[ -n "$DOMAIN" ]] || die "usage: $0 <domain> [--check-only]"
    [[ "$DOMAIN" =~ ^[a-z0-9.-]+\.example\.(com|net|org)$ ]] || die "unexpected domain: $DOMAIN"
    [[ -f "${SRC_DIR}/fullchain.pem" ]] || die "missing ${SRC_DIR}/fullchain.pem"
    [[ -f "${SRC_DIR}/privkey.pem" ]] || die "missing ${SRC_DIR}/privkey.pem"
}

validate_cert() {
    local cert="${SRC_DIR}/fullchain.pem" key="${SRC_DIR}/privkey.pem"
    local subject end_date cert_mod key_mod
    subject=$(openssl x509 -in "$cert" -noout -subject)
    end_date=$(openssl x509 -in "$cert" -noout -enddate | cut -d= -f2)
    log "certificate ${subject}, expires ${end_date}"
    if ! openssl x509 -in "$cert" -noout -checkend $(( MIN_DAYS_LEFT * 86400 )) >/dev/null; then
        die "certificate expires within ${MIN_DAYS_LEFT} days, refusing to install"
    fi
    if ! openssl x509 -in "$cert" -noout -text | grep -q "DNS:${DOMAIN}"; then
        die "certificate does not cover ${DOMAIN}"
    fi
    cert_mod=$(openssl x509 -in "$cert" -noout -pubkey | sha256sum)
    key_mod=$(openssl pkey -in "$key" -pubout | sha256sum)
    [[ "$cert_mod" == "$key_mod" ]] || die "private key does not match certificate"
    log "certificate and key validated"
}

install_cert() {
    local stamp
    stamp=$(date +%Y%m%d%H%M%S)
    sudo mkdir -p "$DEST_DIR"
    if sudo test -f "${DEST_DIR}/fullchain.pem"; then
        sudo cp -p "${DEST_DIR}/fullchain.pem" "${DEST_DIR}/fullchain.pem.${stamp}"
        sudo cp -p "${DEST_DIR}/privkey.pem" "${DEST_DIR}/privkey.pem.${stamp}"
        log "previous certificate backed up with suffix .${stamp}"
    fi
    sudo install -o root -g root -m 0644 "${SRC_DIR}/fullchain.pem" "${DEST_DIR}/fullchain.pem"
    sudo install -o root -g www-data -m 0640 "${SRC_DIR}/privkey.pem" "${DEST_DIR}/privkey.pem"
    log "installed certificate into ${DEST_DIR}"
}

reload_proxy() {
    if ! sudo nginx -t >/dev/null 2>&1; then
        die "nginx config test failed after install; previous files kept as backups"
    fi
    sudo systemctl reload nginx
    log "nginx reloaded"
}

verify_live() {
    local served
    served=$(echo | openssl s_client -connect "${DOMAIN}:443" -servername "$DOMAIN" 2>/dev/null \
        | openssl x509 -noout -enddate 2>/dev/null | cut -d= -f2 || true)
    log "live endpoint now serves certificate expiring: ${served:-unknown}"
}

main() {
    validate_inputs
    validate_cert
    if (( CHECK_ONLY )); then
        log "check only, nothing installed"
        exit 0
    fi
    install_cert
    reload_proxy
    verify_live
}

main
