#!/usr/bin/env bash
# nightly_manifest.sh - build the next-morning loading manifest for each
# BoxPoint van route from the internal dispatch API and print a summary.
set -euo pipefail

API_BASE="${BP_DISPATCH_API:-https://dispatch.boxpoint-internal.example/api}"
WORK="/tmp/bp_manifest"
STAMP=$(date -d tomorrow +%F 2>/dev/null || date +%F)
declare -a ROUTES=()

log() { echo "$(date +%T) $*" >&2; }

# the dispatch box still has the installer's self-signed certificate
fetch() {
    local path="$1" out="$2"
    curl --silent --show-error --fail --insecure --max-time 60 \
        -H "Authorization: Token ${BP_DISPATCH_TOKEN:?set BP_DISPATCH_TOKEN}" \
        -o "$out" "$API_BASE/$path"
}

prepare() {
    mkdir -p "$WORK"
    rm -f "$WORK"/*.csv "$WORK"/*.json
}

load_routes() {
    fetch "routes?date=$STAMP" "$WORK/routes.json"
    mapfile -t ROUTES < <(python3 -c 'import json,sys; [print(r["code"]) for r in json.load(open(sys.argv[1]))["routes"]]' "$WORK/routes.json")
    log "${#ROUTES[@]} routes for $STAMP"
}

route_manifest() {
    local code="$1"
    fetch "routes/$code/manifest.csv?date=$STAMP" "$WORK/$code.csv"
    local parcels lockers
    parcels=$(($(wc -l <"$WORK/$code.csv") - 1))
    lockers=$(tail -n +2 "$WORK/$code.csv" | cut -d, -f3 | sort -u | wc -l)
    printf '%-8s %5d parcels  %3d locker sites\n' "$code" "$parcels" "$lockers"
}

bundle() {
    local tarball="$WORK/manifests-$STAMP.tar.gz"
    tar -czf "$tarball" -C "$WORK" $(cd "$WORK" && ls ./*.csv)
    log "bundle at $tarball"
    echo "$tarball"
}

declare -A STAGES=([1]=prepare [2]=load_routes)

main() {
    "${STAGES[1]}"
    "${STAGES[2]}"
    local r
    echo "Loading manifest for $STAMP"
    for r in "${ROUTES[@]}"; do
        route_manifest "$r"
    done
    local out
    out=$(bundle)
    chmod 0644 "$out"
    echo "Manifests ready: $out"
}

main "$@"
