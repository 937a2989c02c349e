#!/usr/bin/env bash
# gantry_time_sync.sh - align lane controller clocks with the toll NTP servers.
#
# Plate reads from two gantries are matched into a trip by timestamp, so a
# drifting clock produces mis-billed trips. This script points chrony at the
# operator's NTP servers, sets the site timezone and restarts the daemon.

set -euo pipefail

NTP_SERVERS=(ntp1.toll.example.net ntp2.toll.example.net 192.0.2.123)
TIMEZONE="${TIMEZONE:-Europe/Dublin}"
MAX_DRIFT_MS="${MAX_DRIFT_MS:-50}"
DRY_RUN=0
LOG="./time_sync.log"

ELEVATE=(sudo -n)
CONF_ROOT="/etc"
declare -A CONF_CANDIDATES=(
  [debian]="chrony/chrony.conf"
  [redhat]="chrony.conf"
)
declare -A UNIT_CANDIDATES=(
  [debian]="chrony"
  [redhat]="chronyd"
)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

usage() {
  echo "Usage: $0 [-n] [-z timezone] [-d max_drift_ms]" >&2
}

while getopts ":nz:d:h" opt; do
  case "$opt" in
    n) DRY_RUN=1 ;;
    z) TIMEZONE="$OPTARG" ;;
    d) MAX_DRIFT_MS="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 64 ;;
  esac
done

family() {
  local id_like=""
  if [[ -r /etc/os-release ]]; then
    id_like="$(. /etc/os-release; echo "${ID_LIKE:-$ID}")"
  fi
  case "$id_like" in
    *rhel*|*fedora*|*centos*) echo redhat ;;
    *) echo debian ;;
  esac
}

render_conf() {
  local s
  echo "# managed by gantry_time_sync.sh - $(date -u +%FT%TZ)"
  for s in "${NTP_SERVERS[@]}"; do
    echo "server $s iburst"
  done
  echo "driftfile /var/lib/chrony/chrony.drift"
  echo "makestep 0.1 3"
  echo "rtcsync"
  echo "logdir /var/log/chrony"
}

install_conf() {
  local target="$1" tmp
  tmp="$(mktemp ./chrony.conf.XXXXXX)"
  render_conf > "$tmp"
  if [[ "$DRY_RUN" -eq 1 ]]; then
    log "dry-run: would install to $target"; cat "$tmp"; rm -f "$tmp"; return 0
  fi
  "${ELEVATE[@]}" cp "$target" "$target.bak.$(date +%s)" 2>/dev/null || true
  "${ELEVATE[@]}" install -m 0644 -o root -g root "$tmp" "$target"
  rm -f "$tmp"
  log "installed $target"
}

apply_runtime() {
  local unit="$1"
  [[ "$DRY_RUN" -eq 1 ]] && { log "dry-run: would restart $unit"; return 0; }
  "${ELEVATE[@]}" timedatectl set-timezone "$TIMEZONE"
  "${ELEVATE[@]}" systemctl restart "$unit"
  log "timezone $TIMEZONE, $unit restarted"
}

check_drift() {
  local offset_s ms
  sleep 5
  offset_s="$(chronyc tracking 2>/dev/null | awk '/Last offset/ {print $4}')"
  [[ -z "$offset_s" ]] && { log "could not read offset"; return 1; }
  ms="$(awk -v o="$offset_s" 'BEGIN{o=(o<0)?-o:o; printf "%d", o*1000}')"
  if (( ms > MAX_DRIFT_MS )); then
    log "WARNING drift ${ms}ms exceeds ${MAX_DRIFT_MS}ms"
    return 1
  fi
  log "drift ${ms}ms within limit"
}

main() {
  local fam conf unit
  fam="$(family)"
  conf="$CONF_ROOT/${CONF_CANDIDATES[$fam]}"
  unit="${UNIT_CANDIDATES[$fam]}"
  log "platform family $fam, config $conf, unit $unit"
  install_conf "$conf"
  apply_runtime "$unit"
  [[ "$DRY_RUN" -eq 1 ]] || check_drift || exit 3
}

main "$@"
