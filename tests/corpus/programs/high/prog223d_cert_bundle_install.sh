#!/usr/bin/env bash
# Install the customs gateway's private CA certificate into the
# system trust store so the filing clients can talk to the private
# ABI gateway without per-tool CA options.
set -euo pipefail

CERT_FILE="${1:-./certs/broker-gateway-ca.pem}"
EXPECTED_FP="${EXPECTED_FP:-}"
DEST_DIR="/usr/local/share/ca-certificates/customs"
DEST_NAME="broker-gateway-ca.crt"

log() { echo "[ca-install] $*"; }
fail() { echo "[ca-install] ERROR: $*" >&2; exit 1; }

[ -f "$CERT_FILE" ] || fail "certificate $CERT_FILE not found"

inspect_cert() {
    # print subject, expiry and sha256 fingerprint using python's ssl helpers
    CERT_PATH="$CERT_FILE" python3 - <<'PY'
import hashlib, os, ssl, sys
pem = open(os.environ["CERT_PATH"]).read()
if "BEGIN CERTIFICATE" not in pem:
    sys.exit("not a PEM certificate")
der = ssl.PEM_cert_to_DER_cert(pem)
fp = hashlib.sha256(der).hexdigest().upper()
print(fp)
PY
}

check_validity() {
    if ! openssl x509 -in "$CERT_FILE" -noout -checkend 2592000 >/dev/null; then
        fail "certificate expires within 30 days"
    fi
    openssl x509 -in "$CERT_FILE" -noout -subject -enddate | sed 's/^/[ca-install]   /'
}

install_cert() {
    log "installing into $DEST_DIR (sudo required)"
    sudo install -d -m 0755 "$DEST_DIR"
    sudo install -m 0644 "$CERT_FILE" "$DEST_DIR/$DEST_NAME"
    sudo update-ca-certificates
}

verify_trust() {
    local bundle=/etc/ssl/certs/ca-certificates.crt
    if BUNDLE="$bundle" FP="$1" python3 -c '
import hashlib, os, re, ssl, sys
text = open(os.environ["BUNDLE"]).read()
for pem in re.findall(r"-----BEGIN CERTIFICATE-----.*?-----END CERTIFICATE-----", text, re.S):
    if hashlib.sha256(ssl.PEM_cert_to_DER_cert(pem)).hexdigest().upper() == os.environ["FP"]:
        sys.exit(0)
sys.exit(1)
'; then
        log "certificate present in system bundle"
    else
        fail "certificate not found in $bundle after update"
    fi
}

main() {
    local fp
    fp="$(inspect_cert)" || fail "could not parse $CERT_FILE"
    log "fingerprint: $fp"
    if [ -n "$EXPECTED_FP" ] && [ "$fp" != "${EXPECTED_FP^^}" ]; then
        fail "fingerprint mismatch (expected $EXPECTED_FP)"
    fi
    check_validity
    install_cert
    verify_trust "$fp"
    log "done"
}

main
