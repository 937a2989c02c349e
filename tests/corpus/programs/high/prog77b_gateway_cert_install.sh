#!/bin/sh
# gateway_cert_install.sh - install the payment gateway's private CA so the
# settlement and refund clients can talk to the acquirer's mTLS endpoints.
#
# The acquirer rotates its intermediate every year; ops runs this on each
# settlement host after the rotation notice arrives.
#
#   gateway_cert_install.sh [-u bundle_url] [-f expected_sha256] [-n name]

set -eu

BUNDLE_URL="${GATEWAY_CA_URL:-https://pki.acquirer.example.com/ca/settlement-ca.pem}"
EXPECTED_FP="${GATEWAY_CA_SHA256:-}"
CERT_NAME="payment-gateway-settlement"
STAGE_DIR="./certs"
ANCHOR_DIR="/usr/local/share/ca-certificates"

say() { echo "gateway-ca: $*"; }
die() { echo "gateway-ca: error: $*" >&2; exit 1; }

while getopts "u:f:n:h" opt; do
    case "$opt" in
        u) BUNDLE_URL="$OPTARG" ;;
        f) EXPECTED_FP="$OPTARG" ;;
        n) CERT_NAME="$OPTARG" ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

command -v openssl >/dev/null 2>&1 || die "openssl not installed"
command -v curl >/dev/null 2>&1 || die "curl not installed"

mkdir -p "$STAGE_DIR"
staged="$STAGE_DIR/$CERT_NAME.pem"

fetch_bundle() {
    say "downloading $BUNDLE_URL"
    curl -fsS --max-time 30 --retry 3 -o "$staged.tmp" "$BUNDLE_URL" \
        || die "download failed"
    openssl x509 -in "$staged.tmp" -noout 2>/dev/null || die "not a PEM certificate"
    mv "$staged.tmp" "$staged"
}

check_fingerprint() {
    fp=$(openssl x509 -in "$staged" -noout -fingerprint -sha256 | cut -d= -f2 | tr -d ':')
    say "sha256 fingerprint $fp"
    if [ -n "$EXPECTED_FP" ]; then
        want=$(echo "$EXPECTED_FP" | tr -d ':' | tr '[:lower:]' '[:upper:]')
        [ "$fp" = "$want" ] || die "fingerprint mismatch, expected $want"
        say "fingerprint matches rotation notice"
    else
        say "no expected fingerprint given, skipping comparison"
    fi
    if ! openssl x509 -in "$staged" -noout -checkend $((30 * 86400)) >/dev/null; then
        say "warning: certificate expires within 30 days"
    fi
}

install_anchor() {
    if [ "$(id -u)" -eq 0 ]; then
        elevate=""
    else
        elevate="sudo"
    fi
    $elevate install -d -m 0755 "$ANCHOR_DIR"
    $elevate install -m 0644 "$staged" "$ANCHOR_DIR/$CERT_NAME.crt"
    say "installed to $ANCHOR_DIR/$CERT_NAME.crt"
    $elevate update-ca-certificates --fresh >/dev/null
    say "system trust store rebuilt"
}

verify_handshake() {
    host=$(echo "$BUNDLE_URL" | sed -E 's#https?://([^/:]+).*#\1#')
    if curl -fsS --max-time 15 -o /dev/null "https://$host/health"; then
        say "handshake with $host ok"
    else
        say "warning: health check against $host failed"
    fi
}

fetch_bundle
check_fingerprint
install_anchor
verify_handshake
say "done"
