#!/bin/sh
# notary_ca_bundle.sh - build a CA bundle that trusts the state notary
# commission's e-notarization CA, for the e-seal validator only
#
# The commission signs electronic notary certificates under its own root and
# issuing CA. This script checks the shipped certificates against the
# fingerprints published by the commission and appends them to a copy of the
# system bundle kept in the project folder, which the validator is pointed at
# with REQUESTS_CA_BUNDLE / SSL_CERT_FILE.
#
# usage: notary_ca_bundle.sh [certs_dir]
#   certs_dir defaults to ./certs and must contain *.crt plus fingerprints.txt
#   (lines of "<file name> <SHA-256 fingerprint>")

set -eu

CERTS_DIR="${1:-./certs}"
OUT="${BUNDLE_OUT:-./certs/notary-bundle.pem}"
FINGERPRINTS="$CERTS_DIR/fingerprints.txt"

info() { printf '[ca-bundle] %s\n' "$*"; }
fail() { printf '[ca-bundle] ERROR: %s\n' "$*" >&2; exit 1; }

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

system_bundle() {
    for candidate in /etc/ssl/certs/ca-certificates.crt /etc/pki/tls/certs/ca-bundle.crt /etc/ssl/cert.pem; do
        if [ -r "$candidate" ]; then
            printf '%s' "$candidate"
            return 0
        fi
    done
    return 1
}

BASE=$(system_bundle) || fail "could not find the system CA bundle to start from"
info "starting from $BASE"

mkdir -p "$(dirname "$OUT")"
NEW="$OUT.new"
cp "$BASE" "$NEW"
chmod 0600 "$NEW"

added=0
for cert in "$CERTS_DIR"/*.crt; do
    [ -e "$cert" ] || continue
    check_cert "$cert" || continue
    {
        printf '\n# %s\n' "$(basename "$cert")"
        openssl x509 -in "$cert" -outform PEM
    } >> "$NEW"
    added=$((added + 1))
done

if [ "$added" -eq 0 ]; then
    rm -f "$NEW"
    fail "no certificates passed verification"
fi
mv "$NEW" "$OUT"
info "wrote $OUT with $added commission certificate(s)"
info "point the validator at it with:"
info "  export REQUESTS_CA_BUNDLE=\"$(cd "$(dirname "$OUT")" && pwd)/$(basename "$OUT")\""
