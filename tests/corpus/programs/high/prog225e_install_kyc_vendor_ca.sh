#!/usr/bin/env bash
# install_kyc_vendor_ca.sh - trust the identity-verification vendor's private CA.
#
# The KYC vendor's document-check API (docs.kyc.example.net) is served with a
# certificate from their private CA. The onboarding workers call it for every
# new seller, so the CA has to be in the system trust store. The CA bundle is
# delivered by the vendor's account manager and checked into ops/certs/.
#
# Usage: install_kyc_vendor_ca.sh [-f ca.pem] [-s expected_sha256]

set -euo pipefail

CA_FILE="./ops/certs/kyc-vendor-root.pem"
EXPECTED_SHA256=""
TRUST_DIR="/usr/local/share/ca-certificates/kyc-vendor"
TARGET_NAME="kyc-vendor-root.crt"
VENDOR_HOST="docs.kyc.example.net"

log() {
    echo "$(date '+%F %T') [$1] $2" >&2
}

while getopts ":f:s:h" opt; do
    case "$opt" in
        f) CA_FILE="$OPTARG" ;;
        s) EXPECTED_SHA256="$OPTARG" ;;
        h|*) echo "usage: $0 [-f ca.pem] [-s sha256]"; exit 1 ;;
    esac
done

validate_ca() {
    if [[ ! -f "$CA_FILE" ]]; then
        log ERROR "CA file $CA_FILE not found"
        exit 2
    fi
    if ! openssl x509 -in "$CA_FILE" -noout 2>/dev/null; then
        log ERROR "$CA_FILE is not a PEM certificate"
        exit 2
    fi
    local subject enddate
    subject="$(openssl x509 -in "$CA_FILE" -noout -subject)"
    enddate="$(openssl x509 -in "$CA_FILE" -noout -enddate)"
    log INFO "CA $subject ($enddate)"
    if ! openssl x509 -in "$CA_FILE" -noout -checkend 2592000 >/dev/null; then
        log WARN "CA expires within 30 days"
    fi
    if [[ -n "$EXPECTED_SHA256" ]]; then
        local actual
        actual="$(sha256sum "$CA_FILE" | awk '{print $1}')"
        if [[ "$actual" != "$EXPECTED_SHA256" ]]; then
            log ERROR "checksum mismatch: $actual"
            exit 3
        fi
        log INFO "checksum verified"
    fi
}

already_installed() {
    [[ -f "$TRUST_DIR/$TARGET_NAME" ]] && cmp -s "$CA_FILE" "$TRUST_DIR/$TARGET_NAME"
}

install_ca() {
    log INFO "installing CA into $TRUST_DIR"
    sudo install -d -m 0755 "$TRUST_DIR"
    sudo install -m 0644 "$CA_FILE" "$TRUST_DIR/$TARGET_NAME"
    sudo update-ca-certificates
}

verify_vendor() {
    if curl -fsS --max-time 15 -o /dev/null "https://$VENDOR_HOST/health"; then
        log INFO "TLS to $VENDOR_HOST verifies with system trust"
    else
        log WARN "could not verify $VENDOR_HOST; check network or CA"
    fi
}

main() {
    command -v openssl >/dev/null || { log ERROR "openssl required"; exit 4; }
    validate_ca
    if already_installed; then
        log INFO "CA already installed and identical"
    else
        install_ca
    fi
    verify_vendor
}

main "$@"
