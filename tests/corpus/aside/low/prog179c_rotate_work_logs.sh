#!/usr/bin/env bash
# rotate_work_logs.sh - rotates the back-office tools' own log files.
# Keeps the POS helper scripts' logs under ./logs from filling the disk:
# compresses yesterday's logs, drops old archives and clears build caches.
set -euo pipefail

BASE_DIR="${BASE_DIR:-$(pwd)}"
LOG_DIR="$BASE_DIR/logs"
ARCHIVE_DIR="$LOG_DIR/archive"
KEEP_DAYS="${KEEP_DAYS:-30}"
MAX_SIZE_KB="${MAX_SIZE_KB:-5120}"
DRY_RUN=0

[[ "${1:-}" == "-n" ]] && DRY_RUN=1

say() { printf '[rotate] %s\n' "$*"; }
run() { if (( DRY_RUN )); then say "would: $*"; else "$@"; fi; }

rotate_file() {
  local f="$1" stamp
  stamp="$(date +%Y%m%d-%H%M%S)"
  local dest="$ARCHIVE_DIR/$(basename "$f" .log)-$stamp.log"
  run cp "$f" "$dest"
  run gzip -9 "$dest"
  # truncate in place so running tools keep their file handle
  (( DRY_RUN )) || : > "$f"
  say "rotated $(basename "$f")"
}

rotate_logs() {
  local f size
  shopt -s nullglob
  for f in "$LOG_DIR"/*.log; do
    size=$(( $(stat -c %s "$f") / 1024 ))
    if (( size >= MAX_SIZE_KB )) || [[ -n "$(find "$f" -mtime +0)" ]]; then
      rotate_file "$f"
    fi
  done
}

expire_archives() {
  local n
  n=$(find "$ARCHIVE_DIR" -name '*.log.gz' -mtime +"$KEEP_DAYS" | wc -l)
  run find "$ARCHIVE_DIR" -name '*.log.gz' -mtime +"$KEEP_DAYS" -delete
  say "expired $n archive(s) older than $KEEP_DAYS days"
}

clear_build_caches() {
  local d
  for d in "$BASE_DIR/__pycache__" "$BASE_DIR/.pytest_cache" "$BASE_DIR/build"; do
    [[ -d "$d" ]] && run rm -rf "$d" && say "removed $(basename "$d")"
  done
  return 0
}

main() {
  [[ -d "$LOG_DIR" ]] || { say "no logs directory at $LOG_DIR"; exit 0; }
  mkdir -p "$ARCHIVE_DIR"
  rotate_logs
  expire_archives
  clear_build_caches
  say "done"
}

main
