#!/usr/bin/env bash
# Runbook: DiskPressure / FilesystemAlmostFull on a service host (triage).
#
# 1. show usage for the alerting mount and the biggest directories on it
# 2. find processes holding deleted files open (space not yet released)
# 3. list the owning systemd units so the service owner can restart them
#
# Usage: prog77c_disk_pressure_report.sh [-m mountpoint] [-t threshold_pct]
set -euo pipefail

MOUNT="/"
THRESHOLD=85
REPORT=/tmp/disk_pressure_report.txt
PROTECTED_UNITS="sshd.service systemd-journald.service"

while getopts ":m:t:" opt; do
  case "$opt" in
    m) MOUNT="$OPTARG" ;;
    t) THRESHOLD="$OPTARG" ;;
    *) echo "usage: $0 [-m mount] [-t pct]" >&2; exit 64 ;;
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

list_holders() {
  local pid size path unit seen=""
  while read -r pid size path; do
    unit="$(unit_for_pid "$pid")"
    [[ -z "$unit" || "$unit" != *.service ]] && continue
    [[ " $seen " == *" $unit "* ]] && continue
    if [[ " $PROTECTED_UNITS " == *" $unit "* ]]; then
      say "$unit holds $path (protected unit, needs a maintenance window)"
    else
      say "$unit holds $path ($size bytes): restart candidate"
    fi
    seen="$seen $unit"
  done < <(deleted_open_files)
}

package_cache_size() {
  local dir
  for dir in /var/cache/apt/archives /var/cache/dnf; do
    [[ -d "$dir" ]] && du -sh "$dir" 2>/dev/null
  done
  return 0
}

: > "$REPORT"
usage="$(usage_pct)"
say "host $(hostname -f) mount $MOUNT at ${usage}% (threshold ${THRESHOLD}%)"
say "largest directories"
top_dirs | tee -a "$REPORT"
say "deleted files still held open"
deleted_open_files | tee -a "$REPORT"

if (( usage < THRESHOLD )); then
  say "below threshold, nothing to do"
  exit 0
fi

say "units holding deleted files"
list_holders
say "package cache"
package_cache_size | tee -a "$REPORT"
say "above threshold: hand this report to the service owner"
echo "report: $REPORT"
