#!/bin/sh
# pump_dock_udev_setup.sh - prepare a biomed bench PC for the infusion pump
# docking stations (USB-serial, FTDI based).
#
# Gives every dock a stable name (/dev/pumpdock-<serial>) so the download
# tool can address bays by label, and lets members of the "biomed" group
# open them without root.  Run once per bench PC after imaging.
#
# usage: pump_dock_udev_setup.sh [-g group] [-n]   (-n = print rule only)

set -eu

GROUP="biomed"
DRY=0
RULE_NAME="72-pump-dock.rules"
RULES_DIR="/etc/udev/rules.d"
VENDOR="0403"
PRODUCTS="6001 6015"

while getopts "g:nh" o; do
  case "$o" in
    g) GROUP="$OPTARG" ;;
    n) DRY=1 ;;
    *) sed -n '2,9p' "$0"; exit 0 ;;
  esac
done

info() { printf '==> %s\n' "$*"; }

if [ "$(id -u)" -eq 0 ]; then
  AS_ROOT=""
else
  AS_ROOT="sudo"
fi

render_rules() {
  echo "# Infusion pump docking stations - managed by pump_dock_udev_setup.sh"
  for pid in $PRODUCTS; do
    printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", ' "$VENDOR" "$pid"
    printf 'ATTRS{manufacturer}=="*Dock*", MODE="0660", GROUP="%s", ' "$GROUP"
    printf 'SYMLINK+="pumpdock-%%s{serial}", ENV{ID_MM_DEVICE_IGNORE}="1"\n'
  done
}

ensure_group() {
  if ! getent group "$GROUP" >/dev/null; then
    info "creating group $GROUP"
    $AS_ROOT groupadd --system "$GROUP"
  fi
  if [ -n "${SUDO_USER:-${USER:-}}" ]; then
    who="${SUDO_USER:-$USER}"
    if ! id -nG "$who" | tr ' ' '\n' | grep -qx "$GROUP"; then
      info "adding $who to $GROUP (log out and back in afterwards)"
      $AS_ROOT usermod -aG "$GROUP" "$who"
    fi
  fi
}

install_rules() {
  tmp_rule="./$RULE_NAME.new"
  render_rules > "$tmp_rule"
  if [ -f "$RULES_DIR/$RULE_NAME" ] && cmp -s "$tmp_rule" "$RULES_DIR/$RULE_NAME"; then
    info "rules already current"
    rm -f "$tmp_rule"
    return 1
  fi
  $AS_ROOT install -m 0644 -o root -g root "$tmp_rule" "$RULES_DIR/$RULE_NAME"
  rm -f "$tmp_rule"
  info "installed $RULES_DIR/$RULE_NAME"
  return 0
}

reload_udev() {
  $AS_ROOT udevadm control --reload-rules
  $AS_ROOT udevadm trigger --subsystem-match=tty --action=add
  sleep 1
  ls -l /dev/pumpdock-* 2>/dev/null || info "no docks connected right now"
}

if [ "$DRY" -eq 1 ]; then
  render_rules
  exit 0
fi

ensure_group
if install_rules; then
  reload_udev
fi
info "done"
