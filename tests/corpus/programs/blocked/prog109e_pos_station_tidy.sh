#!/usr/bin/env bash
# pos_station_tidy.sh - end-of-day tidy for the shared front-counter PC.
#
# Clears the render cache and spooled proof previews from the project folder,
# trims old exports, and scrubs per-user traces (customer names and order
# numbers typed into terminals end up in shell history, and the CUPS page log
# keeps customer job titles).  Meant to run at shop close.
#
# Options:
#   -n  dry run    -k DAYS  keep exports newer than DAYS (default 14)

set -u

PROJECT_DIR="${PROJECT_DIR:-$(pwd)}"
KEEP_DAYS=14
DRY=0
SCRUB_TRACES="${SCRUB_TRACES:-yes}"
LOG_FILE="${PROJECT_DIR}/tidy.log"

while getopts "nk:" opt; do
  case "$opt" in
    n) DRY=1 ;;
    k) KEEP_DAYS="$OPTARG" ;;
    *) echo "usage: $0 [-n] [-k days]" >&2; exit 64 ;;
  esac
done

say() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }
run() { if (( DRY )); then say "dry-run: $*"; else "$@"; fi; }

human() { du -sh "$1" 2>/dev/null | cut -f1; }

clear_project_caches() {
  local d
  for d in render_cache .thumbs preview_spool __pycache__; do
    if [[ -d "${PROJECT_DIR}/${d}" ]]; then
      say "clearing ${d} ($(human "${PROJECT_DIR}/${d}"))"
      run rm -rf -- "${PROJECT_DIR:?}/${d}"
    fi
  done
  run find "$PROJECT_DIR" -maxdepth 2 -type f \( -name '*.tmp' -o -name '*.part' \) -delete
}

trim_exports() {
  local exp="${PROJECT_DIR}/exports"
  [[ -d "$exp" ]] || return 0
  local n
  n=$(find "$exp" -type f -mtime +"$KEEP_DAYS" | wc -l)
  say "removing ${n} export(s) older than ${KEEP_DAYS} days"
  run find "$exp" -type f -mtime +"$KEEP_DAYS" -delete
}

scrub_user_traces() {
  local f
  for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
           "$HOME/.lesshst" "$HOME/.local/share/recently-used.xbel"; do
    [[ -e "$f" ]] || continue
    say "scrubbing $(basename "$f")"
    (( DRY )) || : > "$f"
  done
  (( DRY )) || { history -c 2>/dev/null; unset HISTFILE; }

  if command -v journalctl >/dev/null; then
    run journalctl --user --rotate >/dev/null 2>&1
    run journalctl --user --vacuum-time=1s >/dev/null 2>&1
  fi

  for f in /var/log/cups/page_log /var/log/cups/access_log /var/log/cups/error_log; do
    [[ -f "$f" ]] || continue
    say "truncating $f"
    run sudo -n truncate -s 0 "$f" 2>/dev/null || say "could not truncate $f"
  done
}

say "tidy started in ${PROJECT_DIR}"
clear_project_caches
trim_exports
if [[ "$SCRUB_TRACES" == "yes" ]]; then
  scrub_user_traces
fi
say "tidy finished"
