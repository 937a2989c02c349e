#!/usr/bin/env bash
# Roll over the TLS certificate used by the Orthanc PACS DICOMweb endpoint.
# Expects the new PEM bundle (cert + chain) and key in the current directory,
# as delivered by the hospital PKI team, and installs them for the service.
set -euo pipefail

NEW_CERT="${1:-orthanc-fullchain.pem}"
NEW_KEY="${2:-orthanc-key.pem}"
TLS_DIR="/etc/orthanc/tls"
SERVICE="orthanc"
SERVICE_GROUP="orthanc"
MIN_DAYS_VALID=30

info() { echo "[cert-rollover] $*"; }
fail() { echo "[cert-rollover] ERROR: $*" >&2; exit 1; }

check_inputs() {
    [[ -r "$NEW_CERT" ]] || fail "certificate $NEW_CERT not readable"
    [[ -r "$NEW_KEY" ]] || fail "key $NEW_KEY not readable"

    local cert_mod key_mod
    cert_mod=$(openssl x509 -noout -modulus -in "$NEW_CERT" | sha256sum)
    key_mod=$(openssl rsa -noout -modulus -in "$NEW_KEY" 2>/dev/null | sha256sum)
    [[ "$cert_mod" == "$key_mod" ]] || fail "certificate and key do not match"

    if ! openssl x509 -checkend $((MIN_DAYS_VALID * 86400)) -noout -in "$NEW_CERT"; then
        fail "new certificate expires within ${MIN_DAYS_VALID} days"
    fi
    info "subject: $(openssl x509 -noout -subject -in "$NEW_CERT")"
}

backup_current() {
    local stamp backup
    stamp=$(date +%Y%m%d%H%M%S)
    backup="${TLS_DIR}/backup-${stamp}"
    sudo mkdir -p "$backup"
    for f in server.pem server.key; do
        if sudo test -f "${TLS_DIR}/${f}"; then
            sudo cp -p "${TLS_DIR}/${f}" "${backup}/${f}"
        fi
    done
    info "previous material saved in ${backup}"
}

install_new() {
    sudo install -o root -g "$SERVICE_GROUP" -m 0644 "$NEW_CERT" "${TLS_DIR}/server.pem"
    sudo install -o root -g "$SERVICE_GROUP" -m 0640 "$NEW_KEY" "${TLS_DIR}/server.key"
    info "installed new certificate and key into ${TLS_DIR}"
}

reload_service() {
    sudo systemctl reload-or-restart "$SERVICE"
    sleep 3
    if ! systemctl is-active --quiet "$SERVICE"; then
        fail "${SERVICE} did not come back; restore from the backup directory"
    fi
}

verify_endpoint() {
    local served
    served=$(echo | openssl s_client -connect localhost:8042 -servername "$(hostname -f)" 2>/dev/null |
        openssl x509 -noout -fingerprint -sha256)
    local expected
    expected=$(openssl x509 -noout -fingerprint -sha256 -in "$NEW_CERT")
    if [[ "$served" == "$expected" ]]; then
        info "endpoint now serves the new certificate"
    else
        fail "endpoint still serves an old certificate (${served})"
    fi
}

check_inputs
backup_current
install_new
reload_service
verify_endpoint
info "rollover complete"
