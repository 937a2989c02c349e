#!/usr/bin/env bash
# tide_gauge_workspace_setup.sh - prepare a harbour office PC for the tide
# gauge logger: workspace, default config, station list and a check that the
# serial adapter is usable by the current user.
#
# Usage: tide_gauge_workspace_setup.sh [-s STATION_ID] [-w WORKSPACE]
set -eu

STATION="HM-NORTH-01"
WORKSPACE="./tidegauge"
STATIONS_URL="https://tides.regional-harbours.example.org/stations.json"
# FTDI adapter shipped with the gauge controller
USB_VENDOR="0403"
USB_PRODUCT="6015"

while getopts "s:w:h" o; do
  case "$o" in
    s) STATION="$OPTARG" ;;
    w) WORKSPACE="$OPTARG" ;;
    h) sed -n '2,6p' "$0"; exit 0 ;;
    *) exit 1 ;;
  esac
done

info() { echo "==> $*"; }
warn() { echo "!!  $*" >&2; }

check_os() {
  if [ -r /etc/os-release ]; then
    local pretty id
    pretty="$(sed -n 's/^PRETTY_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' /etc/os-release)"
    id="$(sed -n 's/^ID=//p' /etc/os-release | tr -d '"')"
    info "OS: ${pretty:-unknown}"
    case "$id" in
      debian|ubuntu|raspbian) ;;
      *) warn "untested distribution ${id:-?}, continuing" ;;
    esac
  fi
}

make_workspace() {
  mkdir -p "$WORKSPACE"/{readings,logs}
  if [ ! -f "$WORKSPACE/tidelog.json" ]; then
    cat > "$WORKSPACE/tidelog.json" <<EOF
{
  "station_id": "$STATION",
  "serial_port": "/dev/ttyUSB0",
  "baud": 4800,
  "out_dir": "readings"
}
EOF
    info "wrote $WORKSPACE/tidelog.json"
  fi
}

fetch_stations() {
  if curl -fsS --max-time 15 "$STATIONS_URL" -o "$WORKSPACE/stations.json"; then
    info "station list saved ($(grep -c '"id"' "$WORKSPACE/stations.json" || true) stations)"
    grep -q "\"$STATION\"" "$WORKSPACE/stations.json" || warn "$STATION not in regional list"
  else
    warn "could not fetch station list, skipping"
  fi
}

serial_access() {
  local found=""
  for dev in /sys/bus/usb/devices/*; do
    [ -r "$dev/idVendor" ] || continue
    if [ "$(cat "$dev/idVendor")" = "$USB_VENDOR" ] && [ "$(cat "$dev/idProduct")" = "$USB_PRODUCT" ]; then
      found="$dev"
      break
    fi
  done
  if [ -z "$found" ]; then
    warn "gauge adapter ${USB_VENDOR}:${USB_PRODUCT} not plugged in"
  else
    info "gauge adapter found at $found"
  fi
  if id -nG | tr ' ' '\n' | grep -qx dialout; then
    info "$USER can open serial ports"
  else
    warn "$USER is not in the dialout group - ask IT to add it, then log in again"
  fi
}

check_os
make_workspace
fetch_stations
serial_access
info "setup finished for $STATION in $WORKSPACE"
