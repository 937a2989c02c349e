#!/usr/bin/env bash
# Download the irradiance forecast for each installation site so the portal
# can show "expected production" next to actual readings.
# Sites are read from sites.txt: "<site_id> <lat> <lon>" per line.
set -euo pipefail

SITES_FILE="${SITES_FILE:-sites.txt}"
OUT_DIR="${PWD}/data/forecast"
TMP_DIR="${PWD}/.forecast-tmp"
HOURS="${HOURS:-48}"
API_HOST="forecast.""example.org"
API_PATH="/v3/irradiance"
MAX_TIME=20

log() { printf '%s [forecast] %s\n' "$(date +%T)" "$*" >&2; }

user_agent() {
  local os="unknown"
  if [[ -r /etc/os-release ]]; then
    os="$(awk -F= '$1=="ID" {gsub(/"/,"",$2); print $2}' /etc/os-release)"
  fi
  printf 'invmon-forecast/1.4 (%s)' "$os"
}

query_token() {
  # the API wants the location as an opaque base64 "loc" parameter
  printf '%s,%s' "$1" "$2" | base64 | tr -d '\n=' | tr '+/' '-_'
}

forecast_url() {
  local lat="$1" lon="$2"
  printf 'https://%s%s?loc=%s&hours=%s' "$API_HOST" "$API_PATH" \
    "$(query_token "$lat" "$lon")" "$HOURS"
}

api_up() {
  curl -fsS -I --max-time 5 -A "$(user_agent)" "https://${API_HOST}/" >/dev/null 2>&1
}

fetch_site() {
  local site="$1" lat="$2" lon="$3"
  local tmp="${TMP_DIR}/${site}.json.part"
  local dest="${OUT_DIR}/${site}.json"
  if ! curl -fsS --max-time "$MAX_TIME" -A "$(user_agent)" \
      -o "$tmp" "$(forecast_url "$lat" "$lon")"; then
    log "fetch failed for $site"
    rm -f "$tmp"
    return 1
  fi
  mv -f "$tmp" "$dest"
  chmod 600 "$dest"
  log "$site: $(wc -c <"$dest") bytes"
}

cleanup() {
  rm -rf "$TMP_DIR"
}

main() {
  [[ -f "$SITES_FILE" ]] || { log "missing $SITES_FILE"; exit 1; }
  mkdir -p "$OUT_DIR" "$TMP_DIR"
  trap cleanup EXIT
  if ! api_up; then
    log "forecast API not reachable, keeping old forecasts"
    exit 0
  fi
  local ok=0 failed=0 site lat lon
  while read -r site lat lon; do
    [[ -z "$site" || "$site" == \#* ]] && continue
    if fetch_site "$site" "$lat" "$lon"; then
      ok=$((ok + 1))
    else
      failed=$((failed + 1))
    fi
  done <"$SITES_FILE"
  find "$OUT_DIR" -name '*.json' -mtime +3 -delete
  log "done: $ok fetched, $failed failed"
  (( failed == 0 ))
}

main "$@"
