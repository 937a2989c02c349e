#!/usr/bin/env bash
# cert_expiry_sync.sh - push LOLER / scaffold inspection certificates to the client portal
#
# Usage: cert_expiry_sync.sh [-c config] [-n] [-v]
#
# Reads certs/*.json (one file per inspected item: crane, hoist, tube & fitting
# scaffold, MEWP), checks the next-due date, uploads new or changed certificates
# to the portal and writes a short summary to sync_report.txt.

set -euo pipefail

CONFIG="${CERT_SYNC_CONFIG:-./cert_sync.conf}"
DRY_RUN=0
VERBOSE=0
PORTAL_URL="${PORTAL_URL:-https://portal.example.com/api/v2}"
CERT_DIR="./certs"
STATE_DIR="./.cert_sync"
WARN_DAYS=28

log()  { printf '%s %s\n' "$(date '+%H:%M:%S')" "$*" >&2; }
vlog() { [ "$VERBOSE" -eq 1 ] && log "$@" || true; }
die()  { log "ERROR: $*"; exit 1; }

while getopts "c:nv" opt; do
  case "$opt" in
    c) CONFIG="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    v) VERBOSE=1 ;;
    *) echo "usage: $0 [-c config] [-n] [-v]" >&2; exit 2 ;;
  esac
done

# shellcheck disable=SC1090
[ -f "$CONFIG" ] && . "$CONFIG"
[ -n "${PORTAL_TOKEN:-}" ] || die "PORTAL_TOKEN not set"
command -v jq >/dev/null || die "jq is required"
mkdir -p "$STATE_DIR"

days_until() {
  local due="$1"
  echo $(( ( $(date -d "$due" +%s) - $(date +%s) ) / 86400 ))
}

check_portal() {
  curl -sS -o /dev/null -w '%{http_code}' --max-time 10 \
    -H "Authorization: Bearer $PORTAL_TOKEN" "$PORTAL_URL/health" || echo 000
}

upload_cert() {
  local file="$1" code
  code=$(curl -sS -o "$STATE_DIR/last_response.json" -w '%{http_code}' \
    -X POST "$PORTAL_URL/certificates" \
    -H "Authorization: Bearer $PORTAL_TOKEN" \
    -H "Content-Type: application/json" \
    --data-binary "@$file" --max-time 30) || code=000
  if [ "$code" != "200" ] && [ "$code" != "201" ]; then
    log "upload of $(basename "$file") failed (HTTP $code)"
    vlog "response: $(head -c 300 "$STATE_DIR/last_response.json" 2>/dev/null)"
    return 1
  fi
  return 0
}

main() {
  local total=0 sent=0 failed=0 due_soon=0 file id due left sum prev health
  health=$(check_portal)
  [ "$health" = "200" ] || log "portal health check returned $health, continuing"
  : > sync_report.txt
  chmod 600 sync_report.txt
  for file in "$CERT_DIR"/*.json; do
    [ -e "$file" ] || { log "no certificates in $CERT_DIR"; break; }
    total=$((total + 1))
    id=$(jq -r '.certificate_id' "$file")
    due=$(jq -r '.next_due' "$file")
    left=$(days_until "$due")
    if [ "$left" -lt "$WARN_DAYS" ]; then
      due_soon=$((due_soon + 1))
      echo "DUE  $id  $due  ($left days)" >> sync_report.txt
    fi
    sum=$(sha256sum "$file" | cut -d' ' -f1)
    prev=$(cat "$STATE_DIR/$id.sum" 2>/dev/null || true)
    if [ "$sum" = "$prev" ]; then
      vlog "$id unchanged"
      continue
    fi
    if [ "$DRY_RUN" -eq 1 ]; then
      log "would upload $id"
      continue
    fi
    if upload_cert "$file"; then
      echo "$sum" > "$STATE_DIR/$id.sum"
      sent=$((sent + 1))
    else
      failed=$((failed + 1))
    fi
  done
  printf 'total=%d sent=%d failed=%d due_soon=%d\n' \
    "$total" "$sent" "$failed" "$due_soon" | tee -a sync_report.txt
}

main "$@"
