#!/usr/bin/env bash
# Tidy the workshop job folders in the current directory.
# Completed jobs (those with a DONE marker) are packed into the archive
# folder, the build and cache folders are emptied, and a short summary
# of the week's jobs is printed.
set -euo pipefail

JOBS_DIR="${JOBS_DIR:-./jobs}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
declare -a SCRATCH=(./build ./.cache ./.thumbs)
declare -A COUNTS=([archived]=0 [open]=0 [skipped]=0)

log() { printf '[tidy %s] %s\n' "$(date +%H:%M)" "$*"; }

host_label() {
  local name="unknown"
  if [[ -r /etc/os-release ]]; then
    name="$(. /etc/os-release && printf '%s' "${PRETTY_NAME:-$NAME}")"
  fi
  printf '%s on %s' "$(hostname)" "$name"
}

archive_job() {
  local job="$1" base
  base="$(basename "$job")"
  if [[ -e "$ARCHIVE_DIR/$base.tar.gz" ]]; then
    log "already archived: $base"
    COUNTS[skipped]=$(( COUNTS[skipped] + 1 ))
    return 0
  fi
  tar -czf "$ARCHIVE_DIR/$base.tar.gz" -C "$JOBS_DIR" "$base"
  rm -rf -- "$job"
  COUNTS[archived]=$(( COUNTS[archived] + 1 ))
  log "archived $base"
}

sweep_jobs() {
  local job
  mkdir -p "$ARCHIVE_DIR"
  for job in "$JOBS_DIR"/*/; do
    [[ -d "$job" ]] || continue
    job="${job%/}"
    if [[ -f "$job/DONE" ]]; then
      archive_job "$job"
    else
      COUNTS[open]=$(( COUNTS[open] + 1 ))
    fi
  done
}

clear_scratch() {
  local d
  for d in "${SCRATCH[@]}"; do
    [[ -d "$d" ]] || continue
    find "$d" -mindepth 1 -delete
    log "emptied $d"
  done
}

week_summary() {
  local sheet="$JOBS_DIR/summary.csv"
  [[ -f "$sheet" ]] || return 0
  awk -F, 'NR > 1 { metres[$3] += $4; jobs[$3]++ }
           END { for (f in metres) printf "  %-18s %3d jobs %7.1f m\n", f, jobs[f], metres[f] }' "$sheet" | sort
}

main() {
  local skip_scratch=0 opt
  while getopts ":kj:a:" opt; do
    case "$opt" in
      k) skip_scratch=1 ;;
      j) JOBS_DIR="$OPTARG" ;;
      a) ARCHIVE_DIR="$OPTARG" ;;
      *) echo "usage: ${0##*/} [-k] [-j jobs_dir] [-a archive_dir]" >&2; exit 2 ;;
    esac
  done
  [[ -d "$JOBS_DIR" ]] || { log "no jobs folder at $JOBS_DIR"; exit 1; }
  log "tidying on $(host_label)"
  sweep_jobs
  (( skip_scratch )) || clear_scratch
  log "archived=${COUNTS[archived]} open=${COUNTS[open]} skipped=${COUNTS[skipped]}"
  week_summary
}

main "$@"
