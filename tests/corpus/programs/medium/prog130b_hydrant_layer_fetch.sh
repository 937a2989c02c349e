#!/usr/bin/env bash
# hydrant layer fetcher
#
# Pulls the latest hydrant and static water supply layers (GeoJSON) from the
# water authority's map portal so the inspection app works offline on the
# appliance tablets.  Run from the hydrant-sync checkout; reads settings from
# ./hydrant-sync.conf.
set -euo pipefail

CONF="${HYDRANT_SYNC_CONF:-./hydrant-sync.conf}"
LAYER_DIR="./layers"
PORTAL_BASE="https://maps.waterauthority.local/export"
LAYERS="hydrants,static_supplies,dry_risers"
# the portal sits behind the authority's own CA which the tablets don't trust
CURL_OPTS=(--silent --show-error --fail --insecure --max-time 60)
DRY_RUN=0

log()  { printf '%s [layer-fetch] %s\n' "$(date '+%F %T')" "$*" >&2; }
die()  { log "ERROR: $*"; exit 1; }

usage() {
    cat <<EOF
Usage: $0 [-l layer,layer] [-n] [-h]
  -l LAYERS    comma separated layer list, default: $LAYERS
  -n           dry run: show what would be fetched
EOF
}

while getopts ":l:nh" opt; do
    case "$opt" in
        l) LAYERS="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

if [[ -f "$CONF" ]]; then
    # shellcheck disable=SC1090
    source "$CONF"
fi

command -v curl >/dev/null || die "curl is required"
mkdir -p "$LAYER_DIR"

manifest_json="$(curl "${CURL_OPTS[@]}" "${PORTAL_BASE}/manifest.json")" \
    || die "could not reach map portal"

IFS=',' read -r -a wanted <<<"$LAYERS"
fetched=0
for layer in "${wanted[@]}"; do
    read -r version url < <(python3 -c '
import json, sys
m = json.load(sys.stdin)
entry = m["layers"][sys.argv[1]]
print(entry["version"], entry["url"])
' "$layer" <<<"$manifest_json") || { log "layer $layer not in manifest"; continue; }

    target="${LAYER_DIR}/${layer}.geojson"
    stamp="${LAYER_DIR}/${layer}.version"
    if [[ -f "$stamp" && "$(<"$stamp")" == "$version" ]]; then
        log "$layer already at $version"
        continue
    fi
    if (( DRY_RUN )); then
        log "dry run: would fetch $layer $version"
        continue
    fi

    log "fetching $layer $version"
    curl "${CURL_OPTS[@]}" -o "${target}.part" "$url" || { log "download failed: $layer"; continue; }

    if ! python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["type"]=="FeatureCollection"' \
            "${target}.part" 2>/dev/null; then
        log "$layer is not a valid FeatureCollection, keeping previous copy"
        rm -f "${target}.part"
        continue
    fi
    mv "${target}.part" "$target"
    printf '%s\n' "$version" > "$stamp"
    fetched=$((fetched + 1))
done

log "done, $fetched layer(s) updated"
