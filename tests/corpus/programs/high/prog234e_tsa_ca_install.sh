#!/usr/bin/env bash
# tsa_ca_install.sh - install the timestamp authority's root CA on a
# signing workstation so the signing client trusts qualified timestamps.
#
# The CA certificate is shipped in the workstation kit (./certs). Its
# fingerprint is checked against the one published in the office handbook
# before it is added to the system trust store.

set -euo pipefail

CERT_FILE="${CERT_FILE:-./certs/tsa-root-ca.pem}"
EXPECTED_FP="${EXPECTED_FP:-}"
TRUST_DIR="/usr/local/share/ca-certificates/notary"
TARGET_NAME="tsa-root-ca.crt"
LOG="${LOG:-./tsa_ca_install.log}"

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG"; }

usage() {
    cat >&2 <<USAGE
usage: $0 [-c cert.pem] -f SHA256_FINGERPRINT
USAGE
    exit 1
}

while getopts ":c:f:h" opt; do
    case "$opt" in
        c) CERT_FILE="$OPTARG" ;;
        f) EXPECTED_FP="$OPTARG" ;;
        *) usage ;;
    esac
done

[[ -n "$EXPECTED_FP" ]] || usage

check_cert() {
    if [[ ! -f "$CERT_FILE" ]]; then
        log ERROR "certificate $CERT_FILE not found"
        exit 1
    fi
    if ! openssl x509 -in "$CERT_FILE" -noout >/dev/null 2>&1; then
        log ERROR "$CERT_FILE is not a PEM certificate"
        exit 1
    fi
    local fp subject enddate
    fp="$(openssl x509 -in "$CERT_FILE" -noout -fingerprint -sha256 | cut -d= -f2 | tr -d ':')"
    subject="$(openssl x509 -in "$CERT_FILE" -noout -subject)"
    enddate="$(openssl x509 -in "$CERT_FILE" -noout -enddate | cut -d= -f2)"
    log INFO "$subject, valid until $enddate"
    local want
    want="$(echo "$EXPECTED_FP" | tr -d ':' | tr '[:lower:]' '[:upper:]')"
    if [[ "$fp" != "$want" ]]; then
        log ERROR "fingerprint mismatch: got $fp expected $want"
        exit 1
    fi
    if ! openssl x509 -in "$CERT_FILE" -noout -checkend 2592000 >/dev/null; then
        log WARN "certificate expires within 30 days"
    fi
}

already_installed() {
    [[ -f "$TRUST_DIR/$TARGET_NAME" ]] && cmp -s "$CERT_FILE" "$TRUST_DIR/$TARGET_NAME"
}

install_cert() {
    log INFO "installing into $TRUST_DIR"
    sudo install -d -m 0755 "$TRUST_DIR"
    sudo install -m 0644 -o root -g root "$CERT_FILE" "$TRUST_DIR/$TARGET_NAME"
    sudo update-ca-certificates
}

verify_trust() {
    if openssl verify -CApath /etc/ssl/certs "$CERT_FILE" >/dev/null 2>&1; then
        log INFO "certificate is trusted system-wide"
    else
        log WARN "certificate not yet visible in /etc/ssl/certs"
    fi
}

main() {
    check_cert
    if already_installed; then
        log INFO "certificate already installed, nothing to do"
        exit 0
    fi
    install_cert
    verify_trust
}

main
