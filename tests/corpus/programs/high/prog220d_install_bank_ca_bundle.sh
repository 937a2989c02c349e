#!/usr/bin/env bash
# install_bank_ca_bundle.sh - trust the acquiring bank's new private CA.
#
# The bank rotated the CA behind its statement API. Until the new root is in
# the system trust store our HTTPS pulls fail with "unable to get local issuer
# certificate". This script checks the supplied PEM and installs it system-wide.
set -euo pipefail

CA_FILE=""
CA_NAME="acquirer-example-root"
TRUST_DIR="/usr/local/share/ca-certificates"
TEST_URL="https://statements.acquirer.example.com/health"
SKIP_TEST=0

log() { printf '%s [ca-install] %s\n' "$(date -u +%T)" "$*"; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    cat <<EOF
Usage: $0 -f CA_PEM [-n NAME] [--skip-test]
EOF
}

while [ $# -gt 0 ]; do
    case "$1" in
        -f) CA_FILE="$2"; shift 2 ;;
        -n) CA_NAME="$2"; shift 2 ;;
        --skip-test) SKIP_TEST=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[ -n "$CA_FILE" ] || { usage; exit 2; }
[ -f "$CA_FILE" ] || die "CA file $CA_FILE not found"
command -v openssl >/dev/null || die "openssl is required"

validate_pem() {
    if ! openssl x509 -in "$CA_FILE" -noout 2>/dev/null; then
        die "$CA_FILE is not a valid PEM certificate"
    fi
    local subject issuer enddate
    subject=$(openssl x509 -in "$CA_FILE" -noout -subject)
    issuer=$(openssl x509 -in "$CA_FILE" -noout -issuer)
    enddate=$(openssl x509 -in "$CA_FILE" -noout -enddate | cut -d= -f2)
    log "subject: $subject"
    log "issuer:  $issuer"
    log "expires: $enddate"
    if ! openssl x509 -in "$CA_FILE" -noout -checkend 2592000 >/dev/null; then
        die "certificate expires within 30 days, refusing to install"
    fi
    if ! openssl x509 -in "$CA_FILE" -noout -text | grep -q "CA:TRUE"; then
        die "certificate is not a CA certificate"
    fi
}

install_ca() {
    local dest="$TRUST_DIR/${CA_NAME}.crt"
    if [ -f "$dest" ] && cmp -s "$CA_FILE" "$dest"; then
        log "$dest already up to date"
        return
    fi
    log "installing $CA_FILE as $dest"
    sudo install -m 0644 -o root -g root "$CA_FILE" "$dest"
    sudo update-ca-certificates
}

test_connection() {
    if [ "$SKIP_TEST" -eq 1 ]; then
        log "skipping connection test"
        return
    fi
    local code
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$TEST_URL" || echo "000")
    if [ "$code" = "000" ]; then
        log "TLS handshake to $TEST_URL still failing"
        return 1
    fi
    log "statement API answered HTTP $code"
}

main() {
    validate_pem
    install_ca
    test_connection
    log "done"
}

main
