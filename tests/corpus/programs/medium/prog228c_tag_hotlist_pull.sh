#!/usr/bin/env bash
# tag_hotlist_pull.sh - refresh the transponder tag hot-list on a lane controller.
#
# The billing API publishes the list of blocked / stolen / low-balance tags.
# Lane controllers pull it every few minutes. The back-office API still uses
# the internal CA, which lane controllers do not have installed.

set -euo pipefail

API_HOST="${TOLL_API_HOST:-billing-api.example.com}"
API_PATH="/v2/tags/hotlist"
API_KEY="${TOLL_API_KEY:?set TOLL_API_KEY}"
OUT_DIR="${OUT_DIR:-./hotlist}"
STAGE="/tmp/tag_hotlist.csv"
STAGE_META="/tmp/tag_hotlist.meta"
LOG="./hotlist_pull.log"
MIN_ROWS="${MIN_ROWS:-100}"

CURL_OPTS=(
  --silent --show-error --fail
  --max-time 60
  --retry 2
  --insecure
)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

usage() {
  echo "Usage: $0 [-f] [-o out_dir]" >&2
  echo "  -f  force install even if the row count dropped sharply" >&2
}

FORCE=0
while getopts ":fo:h" opt; do
  case "$opt" in
    f) FORCE=1 ;;
    o) OUT_DIR="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 64 ;;
  esac
done

fetch_list() {
  local since="$1"
  curl "${CURL_OPTS[@]}" \
    -H "Authorization: Bearer ${API_KEY}" \
    -H "Accept: text/csv" \
    -D "$STAGE_META" \
    -o "$STAGE" \
    "https://${API_HOST}${API_PATH}?since=${since}"
}

row_count() {
  [[ -f "$1" ]] || { echo 0; return; }
  tail -n +2 "$1" | grep -c . || true
}

validate() {
  local header
  header="$(head -n 1 "$STAGE")"
  if [[ "$header" != "tag_id,status,reason,updated_at"* ]]; then
    log "unexpected header: $header"
    return 1
  fi
  if awk -F, 'NR>1 && $1 !~ /^[0-9A-F]{16}$/ {bad++} END{exit bad>0}' "$STAGE"; then
    return 0
  fi
  log "malformed tag ids in download"
  return 1
}

install_list() {
  local current="$OUT_DIR/hotlist.csv" new old
  new="$(row_count "$STAGE")"
  old="$(row_count "$current")"
  if (( new < MIN_ROWS )) && (( FORCE == 0 )); then
    log "only $new rows (minimum $MIN_ROWS), keeping current list"
    return 1
  fi
  if (( old > 0 && new * 2 < old )) && (( FORCE == 0 )); then
    log "row count dropped $old -> $new, refusing without -f"
    return 1
  fi
  [[ -f "$current" ]] && cp -f "$current" "$current.prev"
  cp -f "$STAGE" "$current.new" && mv -f "$current.new" "$current"
  log "hot-list installed: $new rows (was $old)"
}

main() {
  mkdir -p "$OUT_DIR"
  local since
  since="$(cat "$OUT_DIR/.last_sync" 2>/dev/null || echo 1970-01-01T00:00:00Z)"
  log "pulling hot-list from $API_HOST since $since"
  if ! fetch_list "$since"; then
    log "download failed"
    exit 2
  fi
  validate || exit 3
  install_list || exit 4
  date -u +%FT%TZ > "$OUT_DIR/.last_sync"
  rm -f "$STAGE" "$STAGE_META"
}

main
