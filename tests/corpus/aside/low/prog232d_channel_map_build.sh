#!/usr/bin/env bash
# channel_map_build.sh - build per-region channel map JSON files (logical
# channel numbers -> service ids) from the master lineup CSV, for inclusion in
# the set-top box provisioning profile.
#
# Rebuilds a region only when its slice of the CSV changed (md5 cache key).
set -euo pipefail

LINEUP="./lineup_master.csv"
BUILD_DIR="./build/channel_maps"
CACHE_DIR="./build/.cache"
CLEAN=0

log() { printf '[chanmap] %s\n' "$*" >&2; }

usage() {
  cat <<EOF
Usage: $0 [-l lineup.csv] [-c]
  -l  master lineup CSV: region,lcn,service_id,name,hd (default $LINEUP)
  -c  remove previous build output first
EOF
}

while getopts ":l:ch" opt; do
  case "$opt" in
    l) LINEUP="$OPTARG" ;;
    c) CLEAN=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done
[[ -f "$LINEUP" ]] || { log "lineup $LINEUP not found"; exit 2; }

if (( CLEAN )); then
  log "removing previous build output"
  rm -rf ./build
fi
mkdir -p "$BUILD_DIR" "$CACHE_DIR"

build_host="$(. /etc/os-release && echo "$ID-$VERSION_ID")"
regions="$(tail -n +2 "$LINEUP" | cut -d, -f1 | sort -u)"
built=0; skipped=0

for region in $regions; do
  slice="$(grep -E "^${region}," "$LINEUP")"
  key="$(printf '%s' "$slice" | md5sum | cut -c1-32)"
  stamp="$CACHE_DIR/$region.md5"
  out="$BUILD_DIR/$region.json"
  if [[ -f "$out" && -f "$stamp" && "$(cat "$stamp")" == "$key" ]]; then
    skipped=$(( skipped + 1 ))
    continue
  fi
  printf '%s\n' "$slice" | MAP_REGION="$region" MAP_OUT="$out" MAP_HOST="$build_host" \
  python3 - <<'PY'
import csv, json, os, sys
region, out = os.environ["MAP_REGION"], os.environ["MAP_OUT"]
channels, seen = [], {}
for row in csv.reader(sys.stdin):
    if len(row) < 5:
        continue
    _, lcn, sid, name, hd = (c.strip() for c in row[:5])
    if lcn in seen:
        sys.exit(f"{region}: LCN {lcn} used by both {seen[lcn]} and {name}")
    seen[lcn] = name
    channels.append({"lcn": int(lcn), "sid": int(sid, 0), "name": name, "hd": hd == "1"})
channels.sort(key=lambda c: c["lcn"])
with open(out, "w") as fh:
    json.dump({"region": region, "built_on": os.environ["MAP_HOST"],
               "channels": channels}, fh, indent=2)
print(f"{region}: {len(channels)} channels", file=sys.stderr)
PY
  chmod 600 "$out"
  printf '%s' "$key" > "$stamp"
  built=$(( built + 1 ))
done

log "built $built region map(s), $skipped unchanged"
ls -1 "$BUILD_DIR"
