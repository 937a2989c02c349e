#!/usr/bin/env bash
# install_fleet_ca.sh - install the cooperative's internal ATM-fleet CA
# certificate into the system trust store of a branch workstation, so the
# fleet console (https://console.atmfleet.example.com) is trusted.
#
# Usage: install_fleet_ca.sh [-f ca.pem] [-n name] [-y]

set -euo pipefail

CA_FILE="./atm_fleet_root_ca.pem"
CA_NAME="coop-atm-fleet-root"
ASSUME_YES=0
STORE_DIR="/usr/local/share/ca-certificates"
LOG_FILE="./install_fleet_ca.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE" >&2; }

while getopts ":f:n:yh" opt; do
    case "$opt" in
        f) CA_FILE="$OPTARG" ;;
        n) CA_NAME="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        h|*) sed -n '2,6p' "$0"; exit 0 ;;
    esac
done

if [[ ! -f "$CA_FILE" ]]; then
    log "certificate file $CA_FILE not found"
    exit 2
fi

inspect_cert() {
    # python reads the PEM and prints "subject|not_after|sha256" for display
    CA_PEM="$(cat "$CA_FILE")" python3 - <<'PY'
import base64, hashlib, os, re, sys
pem = os.environ["CA_PEM"]
m = re.search(r"-----BEGIN CERTIFICATE-----(.+?)-----END CERTIFICATE-----", pem, re.S)
if not m:
    sys.exit("not a PEM certificate")
der = base64.b64decode("".join(m.group(1).split()))
print(hashlib.sha256(der).hexdigest())
PY
}

confirm() {
    [[ "$ASSUME_YES" -eq 1 ]] && return 0
    read -r -p "Install $CA_NAME into $STORE_DIR? [y/N] " ans
    [[ "$ans" == [yY]* ]]
}

installed_fingerprint() {
    local target="$STORE_DIR/$CA_NAME.crt"
    [[ -f "$target" ]] || { echo none; return; }
    CA_FILE="$target" inspect_cert
}

main() {
    local fp current
    fp="$(inspect_cert)" || { log "could not parse $CA_FILE"; exit 3; }
    log "fleet CA fingerprint sha256=$fp"
    current="$(installed_fingerprint)"
    if [[ "$current" == "$fp" ]]; then
        log "already installed, nothing to do"
        exit 0
    fi
    confirm || { log "aborted by user"; exit 1; }

    sudo install -d -m 0755 "$STORE_DIR"
    sudo install -m 0644 -o root -g root "$CA_FILE" "$STORE_DIR/$CA_NAME.crt"
    log "copied certificate to $STORE_DIR/$CA_NAME.crt"

    if command -v update-ca-certificates >/dev/null 2>&1; then
        sudo update-ca-certificates
    elif command -v update-ca-trust >/dev/null 2>&1; then
        sudo cp "$CA_FILE" "/etc/pki/ca-trust/source/anchors/$CA_NAME.crt"
        sudo update-ca-trust extract
    else
        log "no trust store updater found"
        exit 4
    fi

    if curl -sS -o /dev/null --max-time 10 https://console.atmfleet.example.com/health; then
        log "fleet console is now trusted"
    else
        log "installed, but fleet console check failed (may be offline)"
    fi
}

main
