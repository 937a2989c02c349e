#!/usr/bin/env bash
# install_dms_proxy_ca.sh - trust the firm's internal CA so the DMS web client
# and the e-discovery review platform stop showing certificate warnings behind
# the inspection proxy.  Installs the CA into the system trust store.
set -euo pipefail

CA_URL="${CA_URL:-https://pki.example.com/firm-root-ca.crt}"
CA_NAME="${CA_NAME:-firm-dms-root-ca}"
EXPECTED_SHA256="${EXPECTED_SHA256:-}"
DEST_DIR="/usr/local/share/ca-certificates"
WORK="./ca-install"

log() { echo "[ca-install] $*" >&2; }

usage() {
    echo "usage: $0 [--check] [--fingerprint SHA256]" >&2
}

CHECK_ONLY=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        --check) CHECK_ONLY=1; shift ;;
        --fingerprint) EXPECTED_SHA256="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$WORK"
CERT_FILE="$WORK/$CA_NAME.crt"

log "downloading CA certificate from $CA_URL"
if ! curl -fsS --max-time 20 -o "$CERT_FILE" "$CA_URL"; then
    log "download failed"
    exit 1
fi

if ! openssl x509 -in "$CERT_FILE" -noout >/dev/null 2>&1; then
    log "downloaded file is not a PEM certificate"
    exit 1
fi

SUBJECT=$(openssl x509 -in "$CERT_FILE" -noout -subject)
ENDDATE=$(openssl x509 -in "$CERT_FILE" -noout -enddate | cut -d= -f2)
FPR=$(openssl x509 -in "$CERT_FILE" -noout -fingerprint -sha256 | cut -d= -f2)
log "subject: $SUBJECT"
log "expires: $ENDDATE"
log "sha256:  $FPR"

# Compare fingerprints (case/colon-insensitive) and check it is a CA cert.
VERDICT=$(FPR="$FPR" EXPECTED="$EXPECTED_SHA256" CERT_TEXT="$(openssl x509 -in "$CERT_FILE" -noout -text)" \
python3 - <<'PY'
import os
norm = lambda s: s.replace(":", "").strip().lower()
fpr, expected = norm(os.environ["FPR"]), norm(os.environ.get("EXPECTED", ""))
text = os.environ.get("CERT_TEXT", "")
if "CA:TRUE" not in text:
    print("not-a-ca")
elif expected and fpr != expected:
    print("mismatch")
elif not expected:
    print("unpinned")
else:
    print("ok")
PY
)

case "$VERDICT" in
    ok) log "fingerprint matches" ;;
    unpinned) log "warning: no expected fingerprint given; confirm $FPR with IT" ;;
    mismatch) log "fingerprint mismatch, refusing to install"; exit 1 ;;
    not-a-ca) log "certificate is not a CA certificate, refusing"; exit 1 ;;
    *) log "unexpected verdict '$VERDICT'"; exit 1 ;;
esac

if [[ "$CHECK_ONLY" -eq 1 ]]; then
    log "check only, not installing"
    exit 0
fi

if [[ -f "$DEST_DIR/$CA_NAME.crt" ]] && cmp -s "$CERT_FILE" "$DEST_DIR/$CA_NAME.crt"; then
    log "CA already installed"
    exit 0
fi

log "installing into $DEST_DIR (sudo required)"
sudo install -m 0644 -o root -g root "$CERT_FILE" "$DEST_DIR/$CA_NAME.crt"
sudo update-ca-certificates
log "system trust store updated; restart the DMS client to pick it up"
