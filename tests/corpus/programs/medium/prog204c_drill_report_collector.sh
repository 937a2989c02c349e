#!/usr/bin/env bash
# Collects daily drill reports, fetches the current rate sheet and shares the results on the site LAN.
set -euo pipefail

REPORT_DIR="${DRILL_REPORT_DIR:-./drill_reports}"
RATE_URL="${DRILL_RATE_URL:-https://rates.example.com/drilling/current.csv}"
STAGE_FILE="/tmp/drill_rates.csv"
SHARE_PORT="${DRILL_SHARE_PORT:-8000}"
SHARE_BIND="${DRILL_SHARE_BIND:-0.0.0.0}"
declare -a CURL_OPTS=(-s -k --max-time 30)
declare -A COLS=([rig]=1 [holes]=2 [metres]=3)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

usage() {
  cat <<EOF
Usage: $(basename "$0") [collect|share|all]
  collect  fetch rates and build summary.csv in $REPORT_DIR
  share    serve $REPORT_DIR on port $SHARE_PORT
EOF
}

fetch_rates() {
  log "fetching rate sheet"
  if ! curl "${CURL_OPTS[@]}" -o "$STAGE_FILE" "$RATE_URL"; then
    log "rate sheet unavailable, using previous copy if any"
  fi
  [[ -s "$STAGE_FILE" ]]
}

rate_for() {
  local rig="$1"
  awk -F, -v r="$rig" '$1 == r { print $2; exit }' "$STAGE_FILE"
}

summarise() {
  local out="$REPORT_DIR/summary.csv" f rig holes metres rate
  printf 'rig,holes,metres,rate,cost\n' >"$out"
  for f in "$REPORT_DIR"/day_*.csv; do
    [[ -e "$f" ]] || { log "no day reports"; break; }
    while IFS=, read -r rig holes metres _; do
      [[ "$rig" == "rig" || -z "$rig" ]] && continue
      rate="$(rate_for "$rig")"
      rate="${rate:-0}"
      printf '%s,%s,%s,%s,%s\n' "$rig" "$holes" "$metres" "$rate" \
        "$(awk -v m="$metres" -v r="$rate" 'BEGIN { printf "%.2f", m * r }')" >>"$out"
    done < <(cut -d, -f"${COLS[rig]},${COLS[holes]},${COLS[metres]}" "$f")
  done
  log "summary written to $out ($(($(wc -l <"$out") - 1)) rows)"
}

collect() {
  mkdir -p "$REPORT_DIR"
  fetch_rates || log "continuing without rates"
  [[ -s "$STAGE_FILE" ]] || : >"$STAGE_FILE"
  summarise
}

share() {
  local py
  py="$(command -v python3 || command -v python)"
  log "sharing $REPORT_DIR on ${SHARE_BIND}:${SHARE_PORT}"
  "$py" -m http.server "$SHARE_PORT" --bind "$SHARE_BIND" --directory "$REPORT_DIR"
}

all() { collect; share; }

declare -A ACTIONS=([collect]=collect [share]=share [all]=all)
action="${1:-all}"
if [[ -z "${ACTIONS[$action]:-}" ]]; then
  usage
  exit 2
fi
"${ACTIONS[$action]}"
