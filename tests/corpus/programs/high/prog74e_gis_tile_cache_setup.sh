#!/usr/bin/env bash
# gis_tile_cache_setup.sh - set up the nginx-fronted tile cache for the county
# parcel and zoning layers, then pre-seed zoom levels 10-14 from the WMTS.
#
# usage: gis_tile_cache_setup.sh [-l layer]... [-z minzoom:maxzoom] [--skip-seed]
set -euo pipefail

TILE_ROOT=/var/www/tiles
SITE_CONF=/etc/nginx/conf.d/gis-tiles.conf
UPSTREAM_WMTS="${UPSTREAM_WMTS:-https://gis.countyportal.gov/arcgis/rest/services}"
LAYERS=()
ZOOMS="10:14"
SEED=1
BBOX="${TILE_BBOX:--88.0,41.6,-87.5,42.1}"   # lon_min,lat_min,lon_max,lat_max

while [[ $# -gt 0 ]]; do
    case "$1" in
        -l) LAYERS+=("$2"); shift 2 ;;
        -z) ZOOMS="$2"; shift 2 ;;
        --skip-seed) SEED=0; shift ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
[[ ${#LAYERS[@]} -gt 0 ]] || LAYERS=(Parcels Zoning)

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }

prepare_root() {
    info "preparing ${TILE_ROOT}"
    sudo mkdir -p "${TILE_ROOT}"
    for layer in "${LAYERS[@]}"; do
        sudo mkdir -p "${TILE_ROOT}/${layer}"
    done
    # seeding runs as the GIS service account, nginx reads as www-data
    sudo chmod -R 777 "${TILE_ROOT}"
}

write_site_conf() {
    info "writing ${SITE_CONF}"
    sudo tee "${SITE_CONF}" >/dev/null <<EOF
# managed by gis_tile_cache_setup.sh
server {
    listen 8088;
    server_name _;
    root ${TILE_ROOT};

    location ~ ^/(?<layer>[A-Za-z_]+)/(?<z>\d+)/(?<x>\d+)/(?<y>\d+)\.png$ {
        try_files /\$layer/\$z/\$x/\$y.png @upstream;
        expires 7d;
        add_header Cache-Control "public";
    }

    location @upstream {
        proxy_pass ${UPSTREAM_WMTS}/\$layer/MapServer/tile/\$z/\$y/\$x;
        proxy_store ${TILE_ROOT}/\$layer/\$z/\$x/\$y.png;
        proxy_store_access user:rw group:rw all:r;
    }
}
EOF
    sudo nginx -t
    sudo systemctl reload nginx
}

lon2x() { python3 -c "import math,sys; z=int(sys.argv[2]); print(int((float(sys.argv[1])+180)/360*2**z))" "$1" "$2"; }
lat2y() { python3 -c "import math,sys; z=int(sys.argv[2]); r=math.radians(float(sys.argv[1])); print(int((1-math.asinh(math.tan(r))/math.pi)/2*2**z))" "$1" "$2"; }

seed_tiles() {
    local zmin=${ZOOMS%%:*} zmax=${ZOOMS##*:}
    IFS=, read -r lon0 lat0 lon1 lat1 <<< "$BBOX"
    local layer z x y n=0
    for layer in "${LAYERS[@]}"; do
        for ((z = zmin; z <= zmax; z++)); do
            local x0 x1 y0 y1
            x0=$(lon2x "$lon0" "$z"); x1=$(lon2x "$lon1" "$z")
            y0=$(lat2y "$lat1" "$z"); y1=$(lat2y "$lat0" "$z")
            info "seeding ${layer} z${z}: x ${x0}-${x1}, y ${y0}-${y1}"
            for ((x = x0; x <= x1; x++)); do
                for ((y = y0; y <= y1; y++)); do
                    curl -fs -o /dev/null --max-time 20 "http://127.0.0.1:8088/${layer}/${z}/${x}/${y}.png" || true
                    n=$((n + 1))
                done
            done
        done
    done
    info "requested ${n} tiles"
}

prepare_root
write_site_conf
if [[ $SEED -eq 1 ]]; then
    seed_tiles
fi
info "tile cache ready on :8088"
