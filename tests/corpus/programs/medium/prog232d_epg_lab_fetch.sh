#!/usr/bin/env bash
# epg_lab_fetch.sh - pull the electronic programme guide from the lab headend
# and summarise it, so bench boxes can be checked against what they should show.
#
# The lab headend uses a self-signed certificate that nobody has put in the
# bench trust store, so certificate checks are switched off for it.
set -euo pipefail

HEADEND="${HEADEND:-https://headend-lab.example.net}"
REGION="UK-LDN"
HOURS=12
OUT_DIR="./epg"
RETRIES=3

log() { printf '%s [epg] %s\n' "$(date '+%T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
  cat <<EOF
Usage: $0 [-r region] [-H hours] [-o out_dir] [-u headend_url]
  -r  EPG region code (default $REGION)
  -H  hours of schedule to fetch (default $HOURS)
  -o  output directory (default $OUT_DIR)
  -u  headend base URL (default $HEADEND)
EOF
}

while getopts ":r:H:o:u:h" opt; do
  case "$opt" in
    r) REGION="$OPTARG" ;;
    H) HOURS="$OPTARG" ;;
    o) OUT_DIR="$OPTARG" ;;
    u) HEADEND="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done
[[ "$HOURS" =~ ^[0-9]+$ ]] && (( HOURS >= 1 && HOURS <= 48 )) || die "hours must be 1..48"
[[ "$REGION" =~ ^[A-Z]{2}-[A-Z]{3}$ ]] || die "region must look like UK-LDN"

mkdir -p "$OUT_DIR"
raw="$OUT_DIR/schedule_${REGION}.json"

fetch() {
  local attempt=1
  while (( attempt <= RETRIES )); do
    if curl -fsS -k --max-time 30 \
         -H 'Accept: application/json' \
         "$HEADEND/epg/v1/schedule?region=$REGION&hours=$HOURS" -o "$raw"; then
      return 0
    fi
    log "fetch attempt $attempt failed"
    attempt=$(( attempt + 1 ))
    sleep 2
  done
  return 1
}

log "fetching $HOURS h of EPG for $REGION from $HEADEND"
fetch || die "could not fetch schedule"
log "saved $(wc -c < "$raw") bytes to $raw"

summary="$(EPG_FILE="$raw" EPG_REGION="$REGION" python3 - <<'PY'
import json, os, sys
from collections import Counter

with open(os.environ["EPG_FILE"]) as fh:
    data = json.load(fh)
channels = data.get("channels", [])
if not channels:
    sys.exit("no channels in schedule")
events, gaps, genres = 0, [], Counter()
for ch in channels:
    progs = sorted(ch.get("events", []), key=lambda e: e["start"])
    events += len(progs)
    for a, b in zip(progs, progs[1:]):
        if b["start"] > a["start"] + a["duration"]:
            gaps.append(f'{ch.get("lcn")}:{a.get("title", "?")}')
    genres.update(e.get("genre", "unknown") for e in progs)
print(f'region={os.environ["EPG_REGION"]} channels={len(channels)} events={events} gaps={len(gaps)}')
for g, n in genres.most_common(5):
    print(f"  {g:<14} {n}")
for gap in gaps[:10]:
    print(f"  gap after {gap}")
PY
)" || die "schedule did not parse"

printf '%s\n' "$summary" | tee "$OUT_DIR/summary_${REGION}.txt"
log "summary written to $OUT_DIR/summary_${REGION}.txt"
