#!/usr/bin/env bash
# taproom_kiosk_provision.sh
#
# Prepares a freshly imaged Raspberry Pi as a tap-list display:
#   - pins the tap-list server name in /etc/hosts (the taproom router's DNS
#     is unreliable),
#   - drops a managed Chromium policy that locks the browser to the board,
#   - turns off screen blanking and restarts the display manager.
#
#   ./taproom_kiosk_provision.sh kiosk.conf

set -euo pipefail

CONF="${1:-./kiosk.conf}"
[ -f "$CONF" ] || { echo "config $CONF not found" >&2; exit 1; }
# shellcheck disable=SC1090
. "$CONF"

: "${BOARD_HOST:?BOARD_HOST must be set in $CONF}"
: "${BOARD_IP:?BOARD_IP must be set in $CONF}"
BOARD_URL="${BOARD_URL:-http://$BOARD_HOST:8080/}"
POLICY_DIR=/etc/chromium/policies/managed
POLICY_NAME=taplist-kiosk.json
WORK=./provision_out

mkdir -p "$WORK"
log() { echo "[provision] $*"; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  else
    sudo "$@"
  fi
}

pin_board_host() {
  local line="$BOARD_IP $BOARD_HOST"
  if grep -qE "[[:space:]]$BOARD_HOST(\s|$)" /etc/hosts; then
    log "updating existing /etc/hosts entry for $BOARD_HOST"
    as_root sed -i -E "/[[:space:]]$BOARD_HOST(\s|$)/d" /etc/hosts
  fi
  echo "$line" | as_root tee -a /etc/hosts >/dev/null
  log "pinned $BOARD_HOST -> $BOARD_IP"
}

write_policy() {
  cat >"$WORK/$POLICY_NAME" <<JSON
{
  "HomepageLocation": "$BOARD_URL",
  "RestoreOnStartup": 4,
  "RestoreOnStartupURLs": ["$BOARD_URL"],
  "URLAllowlist": ["$BOARD_URL", "http://$BOARD_HOST:8080/*"],
  "URLBlocklist": ["*"],
  "IncognitoModeAvailability": 1,
  "DeveloperToolsAvailability": 2,
  "TranslateEnabled": false,
  "PasswordManagerEnabled": false,
  "AutofillAddressEnabled": false
}
JSON
  python3 -m json.tool "$WORK/$POLICY_NAME" >/dev/null || { log "policy JSON invalid"; exit 1; }
  as_root install -d -m 0755 "$POLICY_DIR"
  as_root install -m 0644 "$WORK/$POLICY_NAME" "$POLICY_DIR/$POLICY_NAME"
  log "installed browser policy to $POLICY_DIR/$POLICY_NAME"
}

disable_blanking() {
  if command -v raspi-config >/dev/null 2>&1; then
    as_root raspi-config nonint do_blanking 1
    log "screen blanking disabled"
  else
    log "raspi-config not found, skipping blanking"
  fi
}

restart_display() {
  local dm
  for dm in lightdm gdm3 sddm; do
    if systemctl is-active --quiet "$dm"; then
      log "restarting $dm"
      as_root systemctl restart "$dm"
      return 0
    fi
  done
  log "no display manager running; reboot to apply"
}

check_board() {
  if curl -fsS --max-time 5 -o /dev/null "$BOARD_URL"; then
    log "board reachable at $BOARD_URL"
  else
    log "warning: board not reachable yet at $BOARD_URL"
  fi
}

main() {
  pin_board_host
  write_policy
  disable_blanking
  check_board
  restart_display
  log "done"
}

main
