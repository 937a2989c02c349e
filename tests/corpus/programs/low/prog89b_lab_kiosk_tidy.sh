#!/usr/bin/env bash
# Tidy a language-lab kiosk between sessions.
#
#  - empties the student workspace (recordings, downloads, scratch documents)
#  - drops the player's build and cache folders so the next start is clean
#  - refreshes today's lesson pack for this room from the materials server
#
# Run from the kiosk's lab directory (the one holding workspace/ and
# materials/), or point LAB_ROOT at it. Settings can go in ./kiosk.conf.
#
#   ROOM=lab2 ./lab_kiosk_tidy.sh [--no-refresh]

set -uo pipefail

LAB_ROOT="${LAB_ROOT:-$PWD}"
[[ -r "$LAB_ROOT/kiosk.conf" ]] && source "$LAB_ROOT/kiosk.conf"

ROOM="${ROOM:-lab1}"
MATERIALS_URL="${MATERIALS_URL:-https://materials.linguahub.example/packs}"
WORKSPACE="$LAB_ROOT/workspace"
MATERIALS="$LAB_ROOT/materials"
REFRESH=1
errors=0

log() { printf '[%s] kiosk-%s: %s\n' "$(date +%T)" "$ROOM" "$*"; }

for arg in "$@"; do
  case "$arg" in
    --no-refresh) REFRESH=0 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) log "ignoring unknown option $arg" ;;
  esac
done

clear_workspace() {
  mkdir -p "$WORKSPACE"
  local n
  n=$(find "$WORKSPACE" -mindepth 1 | wc -l)
  find "${WORKSPACE:?}" -mindepth 1 -delete || { log "could not empty workspace"; return 1; }
  mkdir -p "$WORKSPACE"/{recordings,downloads,documents}
  log "workspace emptied ($n entries removed)"
}

clear_player_cache() {
  local d
  for d in build .cache player-cache; do
    if [[ -d "$LAB_ROOT/$d" ]]; then
      rm -rf -- "${LAB_ROOT:?}/$d"
      log "removed $d/"
    fi
  done
}

refresh_pack() {
  local day pack sums
  day="$(date +%F)"
  pack="$MATERIALS/.incoming.zip"
  sums="$MATERIALS/.incoming.sha256"
  mkdir -p "$MATERIALS"
  if ! curl -fsSL --retry 3 --max-time 120 -o "$pack" "$MATERIALS_URL/$ROOM/$day.zip"; then
    log "no lesson pack for $ROOM on $day, keeping yesterday's"
    rm -f "$pack"
    return 0
  fi
  curl -fsSL --max-time 30 -o "$sums" "$MATERIALS_URL/$ROOM/$day.zip.sha256" || {
    log "checksum file missing, pack not installed"; rm -f "$pack"; return 1; }
  if ! (cd "$MATERIALS" && sed "s#  .*#  .incoming.zip#" .incoming.sha256 | sha256sum -c --quiet -); then
    log "checksum mismatch, pack not installed"
    rm -f "$pack" "$sums"
    return 1
  fi
  find "$MATERIALS" -mindepth 1 -maxdepth 1 ! -name '.incoming*' -exec rm -rf -- {} +
  unzip -oq "$pack" -d "$MATERIALS" && rm -f "$pack" "$sums"
  log "installed lesson pack $day ($(find "$MATERIALS" -type f | wc -l) files)"
}

clear_workspace || errors=$((errors + 1))
clear_player_cache
if (( REFRESH )); then
  refresh_pack || errors=$((errors + 1))
fi

if (( errors )); then
  log "finished with $errors problem(s)"
  exit 1
fi
log "kiosk ready for the next session"
