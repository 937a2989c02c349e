#!/usr/bin/env bash
# route_planner_update.sh - keep the delivery route planner and its data current
#
# Run from the depot PC each morning before the vans are loaded:
#   * pulls the latest road-closure overlay and van profiles
#   * refreshes the OSRM extract for the depot's region if it changed
#   * applies optimiser plugin updates published by the vendor
#
#   ./route_planner_update.sh [--region yorkshire] [--skip-plugins]
set -uo pipefail

PLANNER_HOME="${PLANNER_HOME:-$HOME/route-planner}"
REGION="${PLANNER_REGION:-yorkshire}"
UPDATE_BASE="${PLANNER_UPDATE_BASE:-https://updates.vanroute-planner.com/stable}"
DATA_DIR="$PLANNER_HOME/data"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/route-planner"
LOG_FILE="$PLANNER_HOME/logs/update-$(date +%Y%m%d).log"
SKIP_PLUGINS=0

while [[ $# -gt 0 ]]; do
    case "$1" in
        --region)       REGION="$2"; shift 2 ;;
        --skip-plugins) SKIP_PLUGINS=1; shift ;;
        -h|--help)      sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 64 ;;
    esac
done

mkdir -p "$DATA_DIR" "$CACHE_DIR" "$(dirname "$LOG_FILE")"
exec > >(tee -a "$LOG_FILE") 2>&1

say() { printf '%(%H:%M:%S)T %s\n' -1 "$*"; }

fetch() {
    # fetch URL DEST, with a few retries for the depot's flaky 4G router
    local url="$1" dest="$2" n
    for n in 1 2 3 4; do
        if curl -fsSL --connect-timeout 10 -o "$dest.part" "$url"; then
            mv -f "$dest.part" "$dest"
            return 0
        fi
        say "fetch $url failed (attempt $n)"; sleep $((n * 5))
    done
    rm -f "$dest.part"
    return 1
}

manifest_field() {
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d.get(sys.argv[2], ""))' \
        "$CACHE_DIR/manifest.json" "$1"
}

update_overlays() {
    say "road closures + van profiles"
    fetch "$UPDATE_BASE/overlays/$REGION/closures.geojson" "$DATA_DIR/closures.geojson" \
        || say "closures not updated"
    fetch "$UPDATE_BASE/profiles/vans.json" "$DATA_DIR/vans.json" \
        || say "van profiles not updated"
}

update_extract() {
    local want have
    want="$(manifest_field "extract_${REGION}")"
    have="$(cat "$DATA_DIR/extract.version" 2>/dev/null || echo none)"
    if [[ -n "$want" && "$want" != "$have" ]]; then
        say "OSRM extract $have -> $want"
        if fetch "$UPDATE_BASE/extracts/$REGION-$want.osrm.tar.zst" "$CACHE_DIR/extract.tar.zst"; then
            tar --zstd -xf "$CACHE_DIR/extract.tar.zst" -C "$DATA_DIR" --no-same-owner \
                && echo "$want" > "$DATA_DIR/extract.version"
        fi
    else
        say "OSRM extract up to date ($have)"
    fi
}

apply_plugins() {
    local rel url target
    rel="$(manifest_field optimizer_plugin)"
    [[ -n "$rel" ]] || { say "no plugin update published"; return 0; }
    url="$UPDATE_BASE/plugins/$rel"
    target="$CACHE_DIR/plugins/$(basename "$rel")"
    mkdir -p "$(dirname "$target")"
    say "optimiser plugin $rel"
    wget -q --tries=3 -O "$target" "$url" || { say "plugin download failed"; return 1; }
    chmod +x "$target"
    PLANNER_HOME="$PLANNER_HOME" REGION="$REGION" "$target" --apply \
        && say "plugin applied" || say "plugin apply returned $?"
}

say "route planner update for region $REGION"
if ! fetch "$UPDATE_BASE/manifest.json" "$CACHE_DIR/manifest.json"; then
    say "could not reach update server; keeping current data"
    exit 1
fi
update_overlays
update_extract
[[ $SKIP_PLUGINS -eq 1 ]] || apply_plugins
say "done"
