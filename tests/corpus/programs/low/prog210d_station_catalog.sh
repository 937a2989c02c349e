#!/usr/bin/env bash
# List NOAA CO-OPS water level stations for one or more states.
# The station list is cached in ./.cache for a day; output is TSV
# (id, name, state, lat, lon) and can be piped into prog210d_coops_fetch.py.
set -euo pipefail

CACHE_DIR="./.cache/catalog"
MAX_AGE_MIN="${TG_CATALOG_MAX_AGE:-1440}"
URL="https://api.tidesandcurrents.noaa.gov/mdapi/prod/webapi/stations.json?type=waterlevels"
STATES=""
REFRESH=0
CLEAN=0

usage() {
    echo "usage: $0 [-s CA,OR,WA] [-r] [-c]" >&2
    echo "  -r  refresh the cached list   -c  clear this tool's cache and exit" >&2
    exit 64
}

while getopts ":s:rch" opt; do
    case "$opt" in
        s) STATES="$OPTARG" ;;
        r) REFRESH=1 ;;
        c) CLEAN=1 ;;
        *) usage ;;
    esac
done

if (( CLEAN )); then
    rm -rf "$CACHE_DIR"
    echo "cache cleared" >&2
    exit 0
fi

mkdir -p "$CACHE_DIR"
cached="$CACHE_DIR/stations.json"

# drop stale snapshots left by earlier runs
find "$CACHE_DIR" -name 'stations.json.*' -mmin +"$MAX_AGE_MIN" -delete

if (( REFRESH )) || [[ ! -s "$cached" ]] || [[ -n "$(find "$cached" -mmin +"$MAX_AGE_MIN")" ]]; then
    echo "downloading station list" >&2
    tmp="$cached.$$"
    if ! curl -fsS --max-time 60 -o "$tmp" "$URL"; then
        rm -f "$tmp"
        if [[ -s "$cached" ]]; then
            echo "download failed, using cached copy" >&2
        else
            echo "download failed and no cache" >&2
            exit 1
        fi
    else
        mv "$tmp" "$cached"
    fi
fi

count="$(STATES="$STATES" python3 -c '
import json, os, sys
wanted = {s.strip().upper() for s in os.environ["STATES"].split(",") if s.strip()}
with open(sys.argv[1]) as fh:
    doc = json.load(fh)
n = 0
with open(sys.argv[2], "w") as out:
    for st in sorted(doc.get("stations", []), key=lambda s: (s.get("state") or "", s.get("id"))):
        state = (st.get("state") or "").upper()
        if wanted and state not in wanted:
            continue
        lat = float(st.get("lat") or 0)
        lon = float(st.get("lng") or 0)
        out.write("\t".join([st["id"], st.get("name", ""), state,
                             "%.4f" % lat, "%.4f" % lon]) + "\n")
        n += 1
print(n)
' "$cached" "$CACHE_DIR/selection.tsv")"

cat "$CACHE_DIR/selection.tsv"
echo "$count stations${STATES:+ in $STATES}" >&2
