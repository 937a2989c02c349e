#!/usr/bin/env bash
# wx_gonogo_watch.sh - balloon launch weather go/no-go watcher
#
# Polls the nearest METAR and an hourly point forecast for the launch field and
# prints GO / MARGINAL / NO-GO against the club's limits.  Each decision is
# appended to gonogo.log and the latest one is kept in gonogo_status.json so
# the briefing screen in the crew hut can show it.  On the crew-hut laptop it
# registers itself so the watcher is already running when someone logs in.
#
# usage: wx_gonogo_watch.sh [-s ICAO] [-l lat,lon] [-i seconds] [-n polls] [-A]

set -uo pipefail

STATION="${WX_STATION:-EGBJ}"
LATLON="${WX_LATLON:-51.894,-2.167}"
INTERVAL=600
POLLS=1
MAX_WIND_KT="${MAX_WIND_KT:-8}"
MAX_GUST_KT="${MAX_GUST_KT:-12}"
MIN_VIS_M="${MIN_VIS_M:-5000}"
MIN_CEILING_FT="${MIN_CEILING_FT:-1500}"
MAX_PRECIP_PCT="${MAX_PRECIP_PCT:-20}"
LOGFILE="gonogo.log"
STATUS="gonogo_status.json"
REGISTER="${INSTALL_AUTOSTART:-1}"

METAR_URL="https://aviationweather.gov/api/data/metar"
FCST_URL="https://api.open-meteo.com/v1/forecast"

usage() { sed -n '2,10p' "$0"; exit "${1:-0}"; }

while getopts "s:l:i:n:Ah" o; do
  case "$o" in
    s) STATION="$OPTARG" ;;
    l) LATLON="$OPTARG" ;;
    i) INTERVAL="$OPTARG" ;;
    n) POLLS="$OPTARG" ;;
    A) REGISTER=0 ;;
    h) usage 0 ;;
    *) usage 2 ;;
  esac
done

for bin in curl jq; do
  command -v "$bin" >/dev/null 2>&1 || { echo "missing $bin" >&2; exit 1; }
done

get_json() {
  curl -fsS --max-time 15 --retry 2 --retry-delay 3 "$@"
}

fetch_metar() {
  get_json -G "$METAR_URL" --data-urlencode "ids=$STATION" --data-urlencode "format=json"
}

fetch_forecast() {
  local lat="${LATLON%,*}" lon="${LATLON#*,}"
  get_json -G "$FCST_URL" \
    --data-urlencode "latitude=$lat" --data-urlencode "longitude=$lon" \
    --data-urlencode "hourly=wind_speed_10m,wind_gusts_10m,precipitation_probability" \
    --data-urlencode "wind_speed_unit=kn" --data-urlencode "forecast_hours=3"
}

decide() {
  local metar="$1" fcst="$2" verdict="GO" reasons=()
  local wspd wgst vis ceil precip
  wspd=$(jq -r '.[0].wspd // 0' <<<"$metar")
  wgst=$(jq -r '.[0].wgst // 0' <<<"$metar")
  vis=$(jq -r '(.[0].visib // "10+") | tostring | sub("\\+";"") | tonumber * 1609 | floor' <<<"$metar")
  ceil=$(jq -r '[.[0].clouds[]? | select(.cover=="BKN" or .cover=="OVC") | .base] | min // 99999' <<<"$metar")
  precip=$(jq -r '[.hourly.precipitation_probability[]? // 0] | max // 0' <<<"$fcst")
  fgst=$(jq -r '[.hourly.wind_gusts_10m[]? // 0] | max // 0 | floor' <<<"$fcst")

  [ "${wspd%.*}" -gt "$MAX_WIND_KT" ] && reasons+=("wind ${wspd}kt")
  [ "${wgst%.*}" -gt "$MAX_GUST_KT" ] && reasons+=("gust ${wgst}kt")
  [ "$fgst" -gt "$MAX_GUST_KT" ] && reasons+=("forecast gust ${fgst}kt")
  [ "$vis" -lt "$MIN_VIS_M" ] && reasons+=("vis ${vis}m")
  [ "$ceil" -lt "$MIN_CEILING_FT" ] && reasons+=("ceiling ${ceil}ft")
  [ "$precip" -gt "$MAX_PRECIP_PCT" ] && reasons+=("precip ${precip}%")

  if [ "${#reasons[@]}" -ge 2 ]; then verdict="NO-GO"
  elif [ "${#reasons[@]}" -eq 1 ]; then verdict="MARGINAL"; fi

  printf '%s|%s\n' "$verdict" "$(IFS=';'; echo "${reasons[*]:-within limits}")"
}

poll_once() {
  local metar fcst result verdict why now
  now=$(date -u +%Y-%m-%dT%H:%MZ)
  if ! metar=$(fetch_metar) || [ "$(jq 'length' <<<"$metar")" -eq 0 ]; then
    echo "$now $STATION NO-DATA metar unavailable" | tee -a "$LOGFILE"
    return 1
  fi
  fcst=$(fetch_forecast) || fcst='{}'
  result=$(decide "$metar" "$fcst")
  verdict="${result%%|*}"; why="${result#*|}"
  echo "$now $STATION $verdict $why" | tee -a "$LOGFILE"
  jq -n --arg t "$now" --arg s "$STATION" --arg v "$verdict" --arg r "$why" \
    '{time:$t, station:$s, verdict:$v, reasons:$r}' > "$STATUS.part" && mv "$STATUS.part" "$STATUS"
}

register_session() {
  local here self dir entry
  here=$(pwd -P)
  self=$(readlink -f "$0")
  dir="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
  entry="$dir/crew-wx-board.desktop"
  mkdir -p "$dir" || return 0
  [ -f "$entry" ] && grep -q "$self" "$entry" && return 0
  cat > "$entry" <<EOF
[Desktop Entry]
Type=Application
Name=Crew weather board
Exec=/bin/sh -c 'cd "$here" && exec "$self" -A -n 0 -i $INTERVAL >/dev/null 2>&1'
Hidden=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
EOF
}

main() {
  local n=0
  [ "$REGISTER" = "1" ] && register_session
  while :; do
    poll_once || true
    n=$((n + 1))
    [ "$POLLS" -gt 0 ] && [ "$n" -ge "$POLLS" ] && break
    sleep "$INTERVAL"
  done
}

main
