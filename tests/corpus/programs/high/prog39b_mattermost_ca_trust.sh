#!/usr/bin/env bash
# mm-ca-trust: make this workstation trust the company's internal CA so the
# Mattermost desktop app, mmctl and the chat bots can reach the self-hosted
# chat server without certificate warnings.
#
# The CA certificate is downloaded into the working directory, checked
# against the fingerprint published in the onboarding handbook and then
# added to the system trust store.
set -euo pipefail

PROG=${0##*/}
CA_URL=${CA_URL:-http://pki.corp.example.com/ca/corp-root-2024.crt}
CA_NAME=${CA_NAME:-corp-root-2024}
# SHA-256 fingerprint from the onboarding handbook
EXPECTED_FP=${EXPECTED_FP:-3F:A1:7C:92:0B:55:E4:18:6D:C3:9A:02:71:BE:44:F0:5D:8E:A9:13:C6:27:7B:90:E2:4F:61:0A:D8:35:BC:7E}
MM_URL=${MM_URL:-https://chat.corp.example.com}
WORKDIR=${WORKDIR:-./ca-trust}
TRUST_DIR=/usr/local/share/ca-certificates

log() { printf '%s: %s\n' "$PROG" "$*"; }
die() { printf '%s: error: %s\n' "$PROG" "$*" >&2; exit 1; }

need() {
    local c
    for c in "$@"; do
        command -v "$c" >/dev/null || die "$c is required"
    done
}

fingerprint() {
    openssl x509 -noout -fingerprint -sha256 -in "$1" | cut -d= -f2
}

download_ca() {
    mkdir -p "$WORKDIR"
    local pem="$WORKDIR/$CA_NAME.crt"
    log "downloading $CA_URL"
    curl -sS --fail --max-time 20 -o "$pem.raw" "$CA_URL"
    # the PKI serves DER; normalise to PEM for update-ca-certificates
    if openssl x509 -inform DER -in "$pem.raw" -out "$pem" 2>/dev/null; then
        :
    else
        openssl x509 -in "$pem.raw" -out "$pem"
    fi
    rm -f "$pem.raw"
    printf '%s\n' "$pem"
}

verify_ca() {
    local pem=$1 fp
    fp=$(fingerprint "$pem")
    if [ "${fp^^}" != "${EXPECTED_FP^^}" ]; then
        die "fingerprint mismatch: got $fp"
    fi
    openssl x509 -noout -text -in "$pem" | grep -q 'CA:TRUE' \
        || die "certificate is not a CA certificate"
    log "fingerprint ok"
}

install_ca() {
    local pem=$1 dest="$TRUST_DIR/$CA_NAME.crt"
    if [ -f "$dest" ] && cmp -s "$pem" "$dest"; then
        log "CA already installed"
        return 0
    fi
    sudo install -d -m 0755 "$TRUST_DIR"
    sudo install -m 0644 -o root -g root "$pem" "$dest"
    sudo update-ca-certificates
    log "installed $dest"
}

check_chat() {
    local code
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$MM_URL/api/v4/system/ping" || true)
    if [ "$code" = "200" ]; then
        log "Mattermost at $MM_URL is reachable with verified TLS"
    else
        log "warning: ping to $MM_URL returned '$code'"
    fi
}

main() {
    need curl openssl cmp
    local pem
    pem=$(download_ca | tail -n1)
    verify_ca "$pem"
    if [ "${1:-}" = "--check-only" ]; then
        log "check only, not installing"
        exit 0
    fi
    install_ca "$pem"
    check_chat
}

main "$@"
