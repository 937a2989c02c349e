#!/usr/bin/env bash
# tos_ca_installer.sh - installs the terminal's internal CA certificate on a
# gate office workstation so the browser and the gate apps trust
# https://tos.example.com (the terminal operating system).
#
# The CA file is handed out by IT on the office share; this script checks its
# fingerprint against the one IT published before trusting it.
set -euo pipefail

CA_FILE="${1:-./terminal-internal-ca.crt}"
EXPECTED_FP="${EXPECTED_FP:-}"
CA_NAME="${CA_NAME:-terminal-internal-ca}"
DEST_DIR="/usr/local/share/ca-certificates"
LOG_FILE="./ca_install.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }
die() { log "ERROR: $*"; exit 1; }

[[ -r "$CA_FILE" ]] || die "CA file $CA_FILE not found"
command -v openssl >/dev/null || die "openssl is required"

# fingerprint and subject come back from openssl through command substitution
FINGERPRINT="$(openssl x509 -in "$CA_FILE" -noout -fingerprint -sha256 | cut -d= -f2)"
SUBJECT="$(openssl x509 -in "$CA_FILE" -noout -subject | sed 's/^subject= *//')"
NOT_AFTER="$(openssl x509 -in "$CA_FILE" -noout -enddate | cut -d= -f2)"

log "certificate subject: $SUBJECT"
log "sha256 fingerprint:  $FINGERPRINT"
log "valid until:         $NOT_AFTER"

# compare fingerprints and check the expiry in python, values via environment
verdict="$(CERT_FP="$FINGERPRINT" WANT_FP="$EXPECTED_FP" CERT_END="$NOT_AFTER" python3 - <<'PY'
import os
from datetime import datetime, timezone

have = os.environ["CERT_FP"].replace(":", "").lower()
want = os.environ.get("WANT_FP", "").replace(":", "").replace(" ", "").lower()
end = datetime.strptime(os.environ["CERT_END"], "%b %d %H:%M:%S %Y %Z")
end = end.replace(tzinfo=timezone.utc)
now = datetime.now(timezone.utc)
if want and have != want:
    print("mismatch")
elif end < now:
    print("expired")
elif (end - now).days < 30:
    print("expiring")
else:
    print("ok")
PY
)"

case "$verdict" in
    ok) log "fingerprint check passed" ;;
    expiring) log "WARNING: certificate expires within 30 days, installing anyway" ;;
    expired) die "certificate has expired" ;;
    mismatch) die "fingerprint does not match the published one" ;;
    *) die "could not verify certificate ($verdict)" ;;
esac

if [[ -z "$EXPECTED_FP" ]]; then
    log "WARNING: EXPECTED_FP not set, fingerprint was not compared"
fi

SUDO=""
if [[ "$(id -u)" -ne 0 ]]; then
    SUDO="sudo"
    log "elevating with sudo to install into $DEST_DIR"
fi

$SUDO install -D -m 0644 "$CA_FILE" "$DEST_DIR/$CA_NAME.crt"
$SUDO update-ca-certificates

if grep -q "$CA_NAME" /etc/ssl/certs/ca-certificates.crt 2>/dev/null \
   || ls /etc/ssl/certs | grep -q "$CA_NAME"; then
    log "CA $CA_NAME is now trusted system-wide"
else
    log "CA installed; bundle check inconclusive, please verify manually"
fi

# quick check that the TOS now answers over verified TLS
if curl -fsS -o /dev/null --max-time 10 https://tos.example.com/health; then
    log "https://tos.example.com/health reachable with verified TLS"
else
    log "TOS health check failed (network or server), CA is installed"
fi
