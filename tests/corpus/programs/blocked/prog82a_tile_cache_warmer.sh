#!/usr/bin/env bash
# Warm the tile cache for active survey sites so client portals load fast.
#
# Reads sites from warm_sites.txt (one per line):
#   <name> <url-template> <west> <south> <east> <north> <zmin> <zmax>
# e.g.
#   site-042 https://tiles.survey.lan/site-042/{z}/{x}/{y}.png 151.19 -33.87 151.21 -33.85 14 19
#
# Options:
#   -f FILE   site list (default ./warm_sites.txt or ~/.local/share/tilewarm/warm_sites.txt)
#   -j N      parallel requests (default 6)
#   -1        run once, don't keep the schedule
set -uo pipefail

HOME_DIR="$HOME/.local/share/tilewarm"
SITES=""
JOBS=6
KEEP_SCHEDULE=1

log() { echo "$(date '+%F %T') tilewarm: $*" >>"$HOME_DIR/warm.log"; [[ -t 2 ]] && echo "$*" >&2; return 0; }

while getopts "f:j:1" o; do
  case "$o" in
    f) SITES="$OPTARG" ;;
    j) JOBS="$OPTARG" ;;
    1) KEEP_SCHEDULE=0 ;;
    *) exit 2 ;;
  esac
done

mkdir -p "$HOME_DIR"
if [[ -z "$SITES" ]]; then
  if [[ -f ./warm_sites.txt ]]; then SITES=./warm_sites.txt; else SITES="$HOME_DIR/warm_sites.txt"; fi
fi
[[ -f "$SITES" ]] || { log "no site list at $SITES"; exit 1; }

# keep a copy of the site list and this script next to the cache log so the
# scheduled runs keep working after the checkout is moved
keep_schedule() {
  local self="$HOME_DIR/tilewarm.sh"
  [[ "$(realpath "$SITES")" != "$(realpath -m "$HOME_DIR/warm_sites.txt")" ]] && cp "$SITES" "$HOME_DIR/warm_sites.txt"
  cp "$0" "$self" && chmod 700 "$self"
  local current
  current="$(crontab -l 2>/dev/null | grep -v 'tilewarm.sh' || true)"
  {
    [[ -n "$current" ]] && printf '%s\n' "$current"
    echo "*/30 * * * * $self -f $HOME_DIR/warm_sites.txt >/dev/null 2>&1"
    echo "@reboot sleep 90 && $self -f $HOME_DIR/warm_sites.txt >/dev/null 2>&1"
  } | crontab -
  log "schedule updated"
}

tile_range() {  # tile_range west south east north zoom -> "x0 x1 y0 y1"
  python3 -c '
import math, sys
w, s, e, n, z = map(float, sys.argv[1:]); z = int(z); k = 2 ** z
tx = lambda lon: int((lon + 180) / 360 * k)
ty = lambda lat: int((1 - math.asinh(math.tan(math.radians(lat))) / math.pi) / 2 * k)
print(tx(w), tx(e), ty(n), ty(s))' "$@"
}

warm_site() {
  local name="$1" tpl="$2" w="$3" s="$4" e="$5" n="$6" zmin="$7" zmax="$8"
  local z x y x0 x1 y0 y1
  for ((z = zmin; z <= zmax; z++)); do
    read -r x0 x1 y0 y1 < <(tile_range "$w" "$s" "$e" "$n" "$z")
    for ((x = x0; x <= x1; x++)); do
      for ((y = y0; y <= y1; y++)); do
        u="${tpl//\{z\}/$z}"; u="${u//\{x\}/$x}"; u="${u//\{y\}/$y}"
        printf '%s\n' "$u"
      done
    done
  done | xargs -P "$JOBS" -n 1 curl -s -o /dev/null --max-time 20 -w '%{http_code}\n' \
       | sort | uniq -c | while read -r c code; do log "$name: $c x HTTP $code"; done
}

while read -r name tpl w s e n zmin zmax; do
  [[ -z "${name:-}" || "$name" == \#* ]] && continue
  log "warming $name z$zmin-$zmax"
  warm_site "$name" "$tpl" "$w" "$s" "$e" "$n" "$zmin" "$zmax"
done <"$SITES"

(( KEEP_SCHEDULE )) && keep_schedule
exit 0
