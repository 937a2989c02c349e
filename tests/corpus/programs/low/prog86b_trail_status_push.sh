#!/usr/bin/env bash
# trail_status_push.sh - push groomer trail status to the resort website.
#
# Reads the grooming sheet (trails.csv: trail,difficulty,status,groomed)
# exported from the snowcat tablets, turns it into the JSON document the
# website's trail board expects and POSTs it to the content API.
#
# Usage: trail_status_push.sh [-c config] [-n] [-q]
set -euo pipefail

SCRIPT_PATH="$(readlink -f "$0")"
WORKDIR="$(cd "$(dirname "$SCRIPT_PATH")" && pwd)"
CONFIG="${WORKDIR}/trail-status.conf"
DRY_RUN=0
QUIET=0

API_URL="https://cms.northridge-resort.example/api/trails/status"
SHEET="${WORKDIR}/trails.csv"
OUT_DIR="${WORKDIR}/out"
KEEP_HISTORY=20

log() { [ "$QUIET" -eq 1 ] || printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

while getopts "c:nq" opt; do
  case "$opt" in
    c) CONFIG="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    q) QUIET=1 ;;
    *) die "usage: $0 [-c config] [-n] [-q]" ;;
  esac
done

# shellcheck source=/dev/null
[ -f "$CONFIG" ] && . "$CONFIG"

command -v jq >/dev/null || die "jq is required"
command -v curl >/dev/null || die "curl is required"
[ -r "$SHEET" ] || die "grooming sheet not found: $SHEET"
[ -n "${CMS_API_KEY:-}" ] || [ "$DRY_RUN" -eq 1 ] || die "CMS_API_KEY not set"

build_document() {
  tail -n +2 "$SHEET" | tr -d '\r' | jq -R -s '
    split("\n") | map(select(length > 0) | split(",")) |
    map({trail: .[0], difficulty: .[1], status: .[2], groomed: (.[3] == "yes")}) |
    {updated: (now | todate), trails: .,
     open: (map(select(.status == "open")) | length)}'
}

rotate_history() {
  # keep a short local history of what was published, newest last
  local stamp
  stamp="$(date '+%Y%m%d-%H%M%S')"
  cp "${OUT_DIR}/trail_status.json" "${OUT_DIR}/history/trail_status-${stamp}.json"
  ls -1t "${OUT_DIR}/history/"trail_status-*.json 2>/dev/null \
    | tail -n +"$((KEEP_HISTORY + 1))" | while read -r old; do rm -f -- "$old"; done
}

publish() {
  local doc="$1" code
  code="$(curl -sS -o "${OUT_DIR}/last_response.json" -w '%{http_code}' \
      --max-time 20 --retry 3 \
      -H "Authorization: Bearer ${CMS_API_KEY}" \
      -H 'Content-Type: application/json' \
      --data-binary "@${doc}" "$API_URL")" || return 1
  [ "$code" -lt 300 ] || { log "CMS answered HTTP $code"; return 1; }
}

main() {
  mkdir -p "$OUT_DIR/history"
  local doc="${OUT_DIR}/trail_status.json"
  build_document > "$doc" || die "could not build status document"
  log "$(jq -r '"\(.open) of \(.trails | length) trails open"' "$doc")"

  if [ "$DRY_RUN" -eq 1 ]; then
    cat "$doc"
    return 0
  fi

  publish "$doc" || die "publish failed"
  log "published to $API_URL"
  rotate_history
  return 0
}

main "$@"
