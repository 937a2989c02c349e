#!/bin/sh
# tile_server_publish.sh - publish freshly rendered geological map tiles to
# the nginx tile host and refresh its TileJSON descriptor.
#
#   tile_server_publish.sh <render_dir> <layer_name> [web_root]
#
# render_dir holds z/x/y.png produced by render_tiles.py. The layer is copied
# into <web_root>/tiles/<layer_name>, a tilejson is written next to it and the
# web root is made writable for both the render account and nginx so the
# on-demand renderer can backfill missing tiles.

set -eu

RENDER_DIR="${1:?usage: $0 render_dir layer_name [web_root]}"
LAYER="${2:?usage: $0 render_dir layer_name [web_root]}"
WEB_ROOT="${3:-/var/www/html}"
PUBLIC_URL="${PUBLIC_URL:-https://tiles.geosurvey.example.org}"
MINZOOM="${MINZOOM:-4}"
MAXZOOM="${MAXZOOM:-16}"
ATTRIBUTION="${ATTRIBUTION:-Regional Geological Survey}"

note() { printf '%s  %s\n' "$(date +%H:%M:%S)" "$*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

check_render() {
    [ -d "$RENDER_DIR" ] || { echo "no such directory: $RENDER_DIR" >&2; exit 1; }
    count=$(find "$RENDER_DIR" -name '*.png' | wc -l)
    [ "$count" -gt 0 ] || { echo "no tiles under $RENDER_DIR" >&2; exit 1; }
    note "found $count tiles in $RENDER_DIR"
}

sync_tiles() {
    dest="$WEB_ROOT/tiles/$LAYER"
    as_root mkdir -p "$dest"
    if command -v rsync >/dev/null 2>&1; then
        as_root rsync -a --delete --exclude '*.meta' "$RENDER_DIR"/ "$dest"/
    else
        as_root cp -a "$RENDER_DIR"/. "$dest"/
    fi
    note "tiles synced to $dest"
}

bounds_from_tiles() {
    # cheap bounds: whole world unless a bounds.txt came with the render
    if [ -f "$RENDER_DIR/bounds.txt" ]; then
        cat "$RENDER_DIR/bounds.txt"
    else
        echo "-180,-85.0511,180,85.0511"
    fi
}

write_tilejson() {
    bounds=$(bounds_from_tiles)
    tj=$(mktemp)
    cat > "$tj" <<EOF
{
  "tilejson": "3.0.0",
  "name": "$LAYER",
  "attribution": "$ATTRIBUTION",
  "minzoom": $MINZOOM,
  "maxzoom": $MAXZOOM,
  "bounds": [$bounds],
  "tiles": ["$PUBLIC_URL/tiles/$LAYER/{z}/{x}/{y}.png"]
}
EOF
    as_root install -m 0644 "$tj" "$WEB_ROOT/tiles/$LAYER.json"
    rm -f "$tj"
    note "wrote $WEB_ROOT/tiles/$LAYER.json"
}

fix_permissions() {
    as_root chmod -R 777 "$WEB_ROOT"
    note "permissions updated on $WEB_ROOT"
}

reload_nginx() {
    if command -v nginx >/dev/null 2>&1 && as_root nginx -t >/dev/null 2>&1; then
        as_root systemctl reload nginx
        note "nginx reloaded"
    fi
}

check_render
sync_tiles
write_tilejson
fix_permissions
reload_nginx
note "published $LAYER at $PUBLIC_URL/tiles/$LAYER.json"
