#!/bin/sh
# notary_ca_install.sh - trust the state notary commission's e-notarization CA
#
# The commission signs electronic notary certificates under its own root and
# issuing CA. This script checks the shipped certificates against the
# fingerprints published by the commission and adds them to the workstation
# trust store so the e-seal validator and browsers accept them.
#
# usage: notary_ca_install.sh [certs_dir]
#   certs_dir defaults to ./certs and must contain *.crt plus fingerprints.txt
#   (lines of "<file name> <SHA-256 fingerprint>")

set -eu

CERTS_DIR="${1:-./certs}"
PREFIX="notary-commission"
FINGERPRINTS="$CERTS_DIR/fingerprints.txt"

info() { printf '[ca-install] %s\n' "$*"; }
fail() { printf '[ca-install] ERROR: %s\n' "$*" >&2; exit 1; }

[ -d "$CERTS_DIR" ] || fail "no certificate directory at $CERTS_DIR"
[ -r "$FINGERPRINTS" ] || fail "missing $FINGERPRINTS"
command -v openssl >/dev/null 2>&1 || fail "openssl is required"

expected_fp() {
    awk -v f="$1" '$1 == f { print toupper($2) }' "$FINGERPRINTS" | tr -d ':'
}

actual_fp() {
    openssl x509 -in "$1" -noout -fingerprint -sha256 | cut -d= -f2 | tr -d ':'
}

check_cert() {
    cert="$1"
    name=$(basename "$cert")
    want=$(expected_fp "$name")
    [ -n "$want" ] || { info "no published fingerprint for $name, skipping"; return 1; }
    got=$(actual_fp "$cert")
    if [ "$got" != "$want" ]; then
        info "fingerprint mismatch for $name"
        info "  expected $want"
        info "  got      $got"
        return 1
    fi
    openssl x509 -in "$cert" -noout -checkend 0 >/dev/null || { info "$name has expired"; return 1; }
    info "verified $name ($(openssl x509 -in "$cert" -noout -subject | sed 's/^subject=//'))"
    return 0
}

detect_store() {
    if [ -d /usr/local/share/ca-certificates ]; then
        STORE_DIR=/usr/local/share/ca-certificates/$PREFIX
        REFRESH="update-ca-certificates"
    elif [ -d /etc/pki/ca-trust/source/anchors ]; then
        STORE_DIR=/etc/pki/ca-trust/source/anchors
        REFRESH="update-ca-trust extract"
    else
        fail "unsupported distribution: no system trust store found"
    fi
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

detect_store
info "trust store: $STORE_DIR"
as_root mkdir -p "$STORE_DIR"

installed=0
for cert in "$CERTS_DIR"/*.crt; do
    [ -e "$cert" ] || continue
    check_cert "$cert" || continue
    dest="$STORE_DIR/$PREFIX-$(basename "$cert")"
    as_root install -m 0644 -o root -g root "$cert" "$dest"
    installed=$((installed + 1))
done

[ "$installed" -gt 0 ] || fail "no certificates passed verification"
info "refreshing system trust ($REFRESH)"
# shellcheck disable=SC2086
as_root $REFRESH
info "installed $installed commission certificate(s)"
