#!/usr/bin/env bash
# paystation_pull_reconcile.sh - pull the day's transactions from every pay station
# on the site list and reconcile them against the card acquirer's settlement
# file. Writes data/<date>/discrepancies.csv for the finance team.
#
# usage: paystation_pull_reconcile.sh [-d YYYY-MM-DD] [-s stations.txt] [-e reconcile.env]
set -euo pipefail

SCRIPT_PATH="$(readlink -f "${BASH_SOURCE[0]}")"
WORKDIR="$(dirname "$SCRIPT_PATH")"
RUN_DATE="$(date -d yesterday +%F)"
STATIONS_FILE="$WORKDIR/stations.txt"
ENV_FILE="$WORKDIR/reconcile.env"

log() { printf '%s [%s] %s\n' "$(date +%T)" "$1" "${*:2}" >&2; }

while getopts "d:s:e:h" opt; do
  case "$opt" in
    d) RUN_DATE="$OPTARG" ;;
    s) STATIONS_FILE="$OPTARG" ;;
    e) ENV_FILE="$OPTARG" ;;
    h) sed -n '2,7p' "$SCRIPT_PATH"; exit 0 ;;
    *) exit 64 ;;
  esac
done

[[ -r "$ENV_FILE" ]] && source "$ENV_FILE"
: "${ACQUIRER_URL:=https://settlement.acquirer.example.net/v1}"
: "${ACQUIRER_TOKEN:?ACQUIRER_TOKEN must be set in $ENV_FILE}"
: "${STATION_USER:=reconcile}"
: "${STATION_PASS:?STATION_PASS must be set in $ENV_FILE}"

OUT="$WORKDIR/data/$RUN_DATE"
mkdir -p "$OUT"

fetch_station() {
  local id="$1" addr="$2" dest="$OUT/station-$1.json"
  local attempt
  for attempt in 1 2 3; do
    # station firmware ships a self-signed cert per unit
    if curl -sS --insecure --max-time 20 -u "$STATION_USER:$STATION_PASS" \
         "https://$addr/api/v1/transactions?date=$RUN_DATE" -o "$dest"; then
      jq -e '.transactions' "$dest" >/dev/null && return 0
    fi
    log WARN "station $id attempt $attempt failed"
    sleep $((attempt * 5))
  done
  return 1
}

station_totals() {
  jq -r --arg id "$1" '
    .transactions
    | map(select(.status == "approved" and .tender == "card"))
    | "\($id),\(length),\(map(.amount_cents) | add // 0)"' "$OUT/station-$1.json"
}

fetch_settlement() {
  curl -sS --fail --max-time 30 \
    -H "Authorization: Bearer $ACQUIRER_TOKEN" \
    "$ACQUIRER_URL/settlements?date=$RUN_DATE&format=csv" -o "$OUT/settlement.csv"
}

reconcile() {
  awk -F, '
    NR == FNR { if (FNR > 1) { cnt[$1] = $2; amt[$1] = $3 } next }
    FNR == 1 { next }
    { scnt[$1] += 1; samt[$1] += $4 }
    END {
      print "station,station_count,station_cents,acquirer_count,acquirer_cents,delta_cents"
      for (s in cnt) {
        d = amt[s] - samt[s]
        if (d != 0 || cnt[s] != scnt[s])
          printf "%s,%d,%d,%d,%d,%d\n", s, cnt[s], amt[s], scnt[s], samt[s], d
      }
    }' "$OUT/totals.csv" "$OUT/settlement.csv" > "$OUT/discrepancies.csv"
}

main() {
  [[ -r "$STATIONS_FILE" ]] || { log ERROR "no station list at $STATIONS_FILE"; exit 66; }
  echo "station,count,cents" > "$OUT/totals.csv"
  local failed=0
  while read -r id addr _; do
    [[ -z "$id" || "$id" == \#* ]] && continue
    if fetch_station "$id" "$addr"; then
      station_totals "$id" >> "$OUT/totals.csv"
    else
      log ERROR "giving up on station $id ($addr)"
      failed=$((failed + 1))
    fi
  done < "$STATIONS_FILE"

  fetch_settlement || { log ERROR "settlement download failed"; exit 75; }
  reconcile
  local n; n=$(($(wc -l < "$OUT/discrepancies.csv") - 1))
  log INFO "$RUN_DATE: $n discrepancies, $failed stations unreachable"
}

main "$@"
