#!/usr/bin/env bash
# tide_gauge_setup.sh - prepare a harbour office PC for the tide gauge
# logger: workspace, default config, station list and serial adapter access.
#
# Usage: tide_gauge_setup.sh [-s STATION_ID] [-w WORKSPACE]
set -eu

STATION="HM-NORTH-01"
WORKSPACE="./tidegauge"
STATIONS_URL="https://tides.regional-harbours.example.org/stations.json"
RULE_NAME="99-tidegauge.rules"
# FTDI adapter shipped with the gauge controller
USB_VENDOR="0403"
USB_PRODUCT="6015"

while getopts "s:w:h" o; do
  case "$o" in
    s) STATION="$OPTARG" ;;
    w) WORKSPACE="$OPTARG" ;;
    h) sed -n '2,5p' "$0"; exit 0 ;;
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
  "serial_port": "/dev/tidegauge",
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
  local rule
  rule="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"$USB_VENDOR\", ATTRS{idProduct}==\"$USB_PRODUCT\", MODE=\"0660\", GROUP=\"dialout\", SYMLINK+=\"tidegauge\""
  if [ -f "/etc/udev/rules.d/$RULE_NAME" ] && grep -qF "$USB_PRODUCT" "/etc/udev/rules.d/$RULE_NAME"; then
    info "udev rule already present"
  else
    info "installing udev rule for the gauge adapter (sudo)"
    echo "$rule" | sudo tee "/etc/udev/rules.d/$RULE_NAME" >/dev/null
    sudo chmod 0644 "/etc/udev/rules.d/$RULE_NAME"
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=tty
  fi
  if ! id -nG "$USER" | tr ' ' '\n' | grep -qx dialout; then
    info "adding $USER to dialout"
    sudo usermod -aG dialout "$USER"
    warn "log out and back in for group membership to apply"
  fi
}

check_os
make_workspace
fetch_stations
serial_access
info "setup finished for $STATION in $WORKSPACE"
