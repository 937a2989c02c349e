#!/usr/bin/env bash
# Runbook: DiskPressure / FilesystemAlmostFull on a service host.
#
# 1. show usage for the alerting mount and the biggest directories on it
# 2. find processes holding deleted files open (space not yet released)
# 3. restart the owning systemd units and clean the package cache
#
# Usage: prog77c_disk_pressure_runbook.sh [-m mountpoint] [-t threshold_pct] [-R]
#   -R  report only, skip remediation
set -euo pipefail

MOUNT="/"
THRESHOLD=85
REMEDIATE="${REMEDIATE:-1}"
REPORT=/tmp/disk_pressure_report.txt
PROTECTED_UNITS="sshd.service systemd-journald.service"

while getopts ":m:t:R" opt; do
  case "$opt" in
    m) MOUNT="$OPTARG" ;;
    t) THRESHOLD="$OPTARG" ;;
    R) REMEDIATE=0 ;;
    *) echo "usage: $0 [-m mount] [-t pct] [-R]" >&2; exit 64 ;;
  esac
done

say() { echo "== $*" | tee -a "$REPORT"; }

usage_pct() {
  df --output=pcent "$MOUNT" | tail -n1 | tr -dc '0-9'
}

top_dirs() {
  du -xh --max-depth=2 "$MOUNT" 2>/dev/null | sort -rh | head -n 15
}

deleted_open_files() {
  # pid, size, path of files unlinked but still open
  lsof -nP +L1 "$MOUNT" 2>/dev/null | awk 'NR>1 {print $2, $7, $NF}' | sort -k2 -rn | head -n 20
}

unit_for_pid() {
  local pid="$1"
  ps -o unit= -p "$pid" 2>/dev/null | awk '{print $1}'
}

restart_holders() {
  local pid size path unit seen=""
  while read -r pid size path; do
    unit="$(unit_for_pid "$pid")"
    [[ -z "$unit" || "$unit" != *.service ]] && continue
    [[ " $seen " == *" $unit "* ]] && continue
    if [[ " $PROTECTED_UNITS " == *" $unit "* ]]; then
      say "not restarting protected unit $unit (holds $path)"
      continue
    fi
    say "restarting $unit to release $path ($size bytes)"
    sudo systemctl restart "$unit"
    seen="$seen $unit"
  done < <(deleted_open_files)
}

clean_package_cache() {
  if command -v apt-get >/dev/null; then
    sudo apt-get clean
  elif command -v dnf >/dev/null; then
    sudo dnf clean packages
  fi
  say "package cache cleaned"
}

: > "$REPORT"
before="$(usage_pct)"
say "host $(hostname -f) mount $MOUNT at ${before}% (threshold ${THRESHOLD}%)"
say "largest directories"
top_dirs | tee -a "$REPORT"
say "deleted files still held open"
deleted_open_files | tee -a "$REPORT"

if (( before < THRESHOLD )); then
  say "below threshold, nothing to do"
  exit 0
fi

if [[ "$REMEDIATE" -eq 1 ]]; then
  restart_holders
  clean_package_cache
  after="$(usage_pct)"
  say "usage now ${after}% (was ${before}%)"
  (( after < THRESHOLD )) || say "still above threshold: escalate to the service owner"
else
  say "report only; remediation skipped"
fi
echo "report: $REPORT"
