#!/usr/bin/env bash
# Compress and checksum the application's own log files in ./logs using
# background jobs, at most MAX_JOBS at a time. A trap removes half-written
# .gz.part files in ./logs if the script is interrupted.
set -uo pipefail

LOG_DIR="./logs"
ARCHIVE_DIR="./logs/archive"
MAX_JOBS="${MAX_JOBS:-4}"
KEEP_DAYS="${KEEP_DAYS:-14}"
declare -a PIDS=()
FAILED=0

say() { printf '[rotate %s] %s\n' "$(date +%T)" "$*"; }

cleanup_partials() {
  local f
  for f in "$ARCHIVE_DIR"/*.gz.part; do
    [[ -e "$f" ]] || continue
    say "removing incomplete $f"
    rm -f -- "$f"
  done
}

on_interrupt() {
  say "interrupted, waiting for running jobs"
  local pid
  for pid in "${PIDS[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  wait
  cleanup_partials
  exit 130
}
trap on_interrupt INT TERM
trap cleanup_partials EXIT

compress_one() {
  local src="$1"
  local base
  base=$(basename "$src")
  local dest="$ARCHIVE_DIR/$base.$(date +%Y%m%d).gz"
  if gzip -c -- "$src" >"$dest.part"; then
    mv -- "$dest.part" "$dest"
    sha256sum -- "$dest" | sed "s#  .*/#  #" >"$dest.sha256"
    : >"$src"   # truncate the live log now that it is archived
  else
    rm -f -- "$dest.part"
    return 1
  fi
}

throttle() {
  # Block until fewer than MAX_JOBS background jobs are running.
  while (( $(jobs -rp | wc -l) >= MAX_JOBS )); do
    wait -n || FAILED=$((FAILED + 1))
  done
}

prune_old_archives() {
  local removed
  removed=$(find "$ARCHIVE_DIR" -maxdepth 1 -type f \( -name '*.gz' -o -name '*.sha256' \) \
    -mtime +"$KEEP_DAYS" -print -delete | wc -l)
  say "pruned $removed archives older than $KEEP_DAYS days"
}

main() {
  if [[ ! -d "$LOG_DIR" ]]; then
    say "no $LOG_DIR directory here, nothing to do"
    exit 0
  fi
  mkdir -p "$ARCHIVE_DIR"

  local n=0 f
  for f in "$LOG_DIR"/*.log; do
    [[ -s "$f" ]] || continue
    throttle
    compress_one "$f" &
    PIDS+=("$!")
    n=$((n + 1))
  done

  local pid
  for pid in "${PIDS[@]}"; do
    wait "$pid" || FAILED=$((FAILED + 1))
  done

  prune_old_archives
  say "rotated $n logs, $FAILED failures"
  (( FAILED == 0 ))
}

main "$@"
