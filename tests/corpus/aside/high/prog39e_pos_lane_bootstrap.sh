#!/usr/bin/env bash
# Bootstrap a store checkout lane PC (Debian/Ubuntu) for the PIN-pad bridge.
#
#  * installs the smart-card / serial tooling the PIN-pad bridge needs
#  * trusts the acquirer's private CA for the terminal-management host
#  * lets the "poslane" user talk to the PIN-pad over USB serial
#  * restarts pcscd so the contactless reader is picked up
#
# Usage: pos_lane_bootstrap.sh -c acquirer-tms-ca.crt [-u poslane] [-n]
set -Eeuo pipefail

CA_FILE=""
LANE_USER="poslane"
DRY=0
PACKAGES=(pcscd pcsc-tools libccid usbutils socat ca-certificates)
CA_DIR=/usr/local/share/ca-certificates/acquirer
LOG_FILE="./lane_bootstrap_$(date +%Y%m%d).log"

trap 'echo "failed at line $LINENO" | tee -a "$LOG_FILE" >&2' ERR

log() { echo "[$(date '+%F %T')] $*" | tee -a "$LOG_FILE"; }

run() {
  log "+ $*"
  if [[ $DRY -eq 0 ]]; then
    "$@"
  fi
}

usage() {
  sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
}

while getopts ":c:u:nh" o; do
  case $o in
    c) CA_FILE=$OPTARG ;;
    u) LANE_USER=$OPTARG ;;
    n) DRY=1 ;;
    h) usage; exit 0 ;;
    :) echo "-$OPTARG needs a value" >&2; exit 64 ;;
    *) usage; exit 64 ;;
  esac
done

[[ -n $CA_FILE ]] || { usage; exit 64; }
[[ -r $CA_FILE ]] || { echo "cannot read $CA_FILE" >&2; exit 66; }

if ! openssl x509 -in "$CA_FILE" -noout -subject >/dev/null 2>&1; then
  echo "$CA_FILE is not a PEM certificate" >&2
  exit 65
fi
fingerprint=$(openssl x509 -in "$CA_FILE" -noout -fingerprint -sha256 | cut -d= -f2)
log "acquirer CA fingerprint: $fingerprint"

# --- packages -------------------------------------------------------------
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  run sudo apt-get update -q
  run sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
else
  log "all packages present"
fi

# --- trust the acquirer CA ------------------------------------------------
run sudo install -d -m 0755 -o root -g root "$CA_DIR"
run sudo install -m 0644 -o root -g root "$CA_FILE" "$CA_DIR/acquirer-tms-ca.crt"
run sudo update-ca-certificates

# --- serial access for the lane user -------------------------------------
if id "$LANE_USER" >/dev/null 2>&1; then
  if id -nG "$LANE_USER" | tr ' ' '\n' | grep -qx dialout; then
    log "$LANE_USER already in dialout"
  else
    run sudo usermod -aG dialout "$LANE_USER"
  fi
else
  log "WARN: user $LANE_USER does not exist, skipping group setup"
fi

# --- smart-card daemon ----------------------------------------------------
run sudo systemctl restart pcscd.service
if [[ $DRY -eq 0 ]]; then
  sleep 2
  if systemctl is-active --quiet pcscd.service; then
    log "pcscd active"
  else
    log "WARN: pcscd did not come up"
  fi
  if command -v pcsc_scan >/dev/null; then
    timeout 5 pcsc_scan -r 2>&1 | tee -a "$LOG_FILE" || true
  fi
fi

log "lane bootstrap finished"
