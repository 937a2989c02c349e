#!/usr/bin/env bash
# ha-scene: switch Home Assistant light scenes from the terminal.
#
#   ha-scene.sh list
#   ha-scene.sh movie | evening | off
#   ha-scene.sh state light.living_room
#
# The HA box uses a self-signed certificate on the LAN.
set -euo pipefail

HA_URL="${HA_URL:-https://homeassistant.lan:8123}"
: "${HA_TOKEN:?set HA_TOKEN to a long-lived access token}"

api() {
  local method="$1" path="$2" data="${3:-}"
  if [[ -n "$data" ]]; then
    curl -sS -k --max-time 10 -X "$method" \
      -H "Authorization: Bearer $HA_TOKEN" \
      -H 'Content-Type: application/json' \
      -d "$data" "$HA_URL/api/$path"
  else
    curl -sS -k --max-time 10 -X "$method" \
      -H "Authorization: Bearer $HA_TOKEN" \
      "$HA_URL/api/$path"
  fi
}

light() {
  local entity="$1" brightness="$2" kelvin="${3:-2700}"
  if (( brightness == 0 )); then
    api POST services/light/turn_off "{\"entity_id\":\"$entity\"}" >/dev/null
  else
    api POST services/light/turn_on \
      "{\"entity_id\":\"$entity\",\"brightness_pct\":$brightness,\"color_temp_kelvin\":$kelvin,\"transition\":2}" \
      >/dev/null
  fi
  printf '  %-28s %3s%%\n' "$entity" "$brightness"
}

scene_movie() {
  light light.living_room 10 2200
  light light.tv_backlight 35 2200
  light light.kitchen 0
  light light.hallway 5 2200
}

scene_evening() {
  light light.living_room 60 2700
  light light.tv_backlight 0
  light light.kitchen 70 3000
  light light.hallway 30 2700
}

scene_off() {
  local e
  for e in light.living_room light.tv_backlight light.kitchen light.hallway; do
    light "$e" 0
  done
}

list_lights() {
  api GET states | jq -r '.[] | select(.entity_id | startswith("light.")) |
      "\(.entity_id)\t\(.state)\t\(.attributes.brightness // 0)"' |
    column -t -s $'\t'
}

state() {
  api GET "states/$1" | jq '{entity_id, state, attributes: {brightness: .attributes.brightness, color_temp_kelvin: .attributes.color_temp_kelvin}}'
}

case "${1:-}" in
  list) list_lights ;;
  movie) echo "scene: movie"; scene_movie ;;
  evening) echo "scene: evening"; scene_evening ;;
  off) echo "scene: off"; scene_off ;;
  state) state "${2:?entity id required}" ;;
  *) echo "usage: $0 list|movie|evening|off|state <entity>" >&2; exit 2 ;;
esac
