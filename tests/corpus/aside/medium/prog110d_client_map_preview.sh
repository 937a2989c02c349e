#!/usr/bin/env bash
# client_map_preview.sh - build the client web map and show it on the LAN
#
# Takes the XYZ tile pyramid exported from QGIS (tiles/<client>/{z}/{x}/{y}.png)
# plus the deliverable GeoJSON layers, fills in the Leaflet template and serves
# the result so the project manager can walk the client through it from the
# meeting-room screen before anything goes on the public site.
#
# usage: client_map_preview.sh -c CLIENT [-p PORT] [-t TEMPLATE]

set -eo pipefail

CLIENT=""
PORT="${PREVIEW_PORT:-8088}"
TEMPLATE="templates/leaflet_index.html"
BUILD_DIR="publish"

die() { echo "error: $*" >&2; exit 1; }
info() { printf '%s  %s\n' "$(date +%T)" "$*"; }

while getopts "c:p:t:h" o; do
    case $o in
        c) CLIENT=$OPTARG ;;
        p) PORT=$OPTARG ;;
        t) TEMPLATE=$OPTARG ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

[[ -n $CLIENT ]] || die "client code required (-c)"
[[ -d tiles/$CLIENT ]] || die "no tile pyramid at tiles/$CLIENT"
[[ -f $TEMPLATE ]] || die "template not found: $TEMPLATE"

build_site() {
    local out="$BUILD_DIR/$CLIENT"
    rm -rf "$out"
    mkdir -p "$out/layers"
    info "copying tiles"
    cp -r "tiles/$CLIENT" "$out/tiles"
    local layers=()
    for gj in deliverables/"$CLIENT"/*.geojson; do
        [[ -e $gj ]] || continue
        cp "$gj" "$out/layers/"
        layers+=("\"layers/$(basename "$gj")\"")
    done
    local bounds zooms
    bounds=$(python3 -c 'import json,sys; m=json.load(open(sys.argv[1])); print(",".join(map(str,m["bounds"])))' \
             "tiles/$CLIENT/metadata.json" 2>/dev/null || echo "-90,-180,90,180")
    zooms=$(find "tiles/$CLIENT" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort -n | sed -n '1p;$p' | paste -sd,)
    local layer_list
    layer_list=$(IFS=,; echo "${layers[*]}")
    sed -e "s|@@CLIENT@@|$CLIENT|g" \
        -e "s|@@BOUNDS@@|$bounds|g" \
        -e "s|@@ZOOMS@@|$zooms|g" \
        -e "s|@@LAYERS@@|[$layer_list]|g" \
        -e "s|@@BUILT@@|$(date -u +%FT%TZ)|g" \
        "$TEMPLATE" > "$out/index.html"
    info "built $out ($(du -sh "$out" | cut -f1), ${#layers[@]} layers)"
}

serve_site() {
    local ip
    ip=$(hostname -I 2>/dev/null | awk '{print $1}')
    info "preview at http://${ip:-localhost}:$PORT/$CLIENT/  (Ctrl-C to stop)"
    python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$BUILD_DIR"
}

build_site
serve_site
