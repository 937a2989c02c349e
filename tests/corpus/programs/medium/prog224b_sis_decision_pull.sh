#!/usr/bin/env bash
# Pull the day's admission decisions from the student information system
# (SIS) test instance and stage them for the portal's decision-release job.
# The SIS test box still uses a self-signed certificate.
#
#   prog224b_sis_decision_pull.sh [-d YYYY-MM-DD] [-t term] [-o outdir]

set -euo pipefail

SIS_BASE="${SIS_BASE:-https://sis-test.example.org/api/v1}"
DAY="$(date +%F)"
TERM_CODE="2025FA"
OUT_DIR="./decisions"
SCRATCH="/tmp/sis_decisions_raw.json"

log() { echo "[sis-pull $(date +%T)] $*" >&2; }

while getopts ":d:t:o:" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        t) TERM_CODE="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        *) sed -n '2,6p' "$0"; exit 1 ;;
    esac
done

: "${SIS_API_KEY:?set SIS_API_KEY to the SIS test API key}"
export SIS_BASE SIS_API_KEY
mkdir -p "$OUT_DIR"

check_sis() {
    local code
    code="$(curl -k -s -o /dev/null -w '%{http_code}' --max-time 10 "$SIS_BASE/health")"
    [[ "$code" == "200" ]]
}

if ! check_sis; then
    log "SIS test instance not healthy, try again later"
    exit 2
fi

log "fetching decisions for $TERM_CODE on $DAY"
SIS_DAY="$DAY" SIS_TERM="$TERM_CODE" SIS_SCRATCH="$SCRATCH" python3 - <<'PY'
import json
import os
import ssl
import sys
import urllib.parse
import urllib.request

base = os.environ["SIS_BASE"]
ctx = ssl.create_default_context()
ctx.check_hostname = False
ctx.verify_mode = ssl.CERT_NONE

decisions, page = [], 1
while True:
    query = urllib.parse.urlencode({"term": os.environ["SIS_TERM"],
                                    "date": os.environ["SIS_DAY"], "page": page})
    req = urllib.request.Request(f"{base}/decisions?{query}",
                                 headers={"X-Api-Key": os.environ["SIS_API_KEY"],
                                          "Accept": "application/json"})
    try:
        with urllib.request.urlopen(req, context=ctx, timeout=30) as resp:
            body = json.load(resp)
    except Exception as exc:
        print(f"page {page} failed: {exc}", file=sys.stderr)
        sys.exit(3)
    decisions.extend(body.get("items", []))
    if not body.get("next_page"):
        break
    page += 1

with open(os.environ["SIS_SCRATCH"], "w") as fh:
    json.dump(decisions, fh)
print(len(decisions))
PY

# split by decision type for the release job
COUNTS="$(SCRATCH="$SCRATCH" OUT="$OUT_DIR" DAY="$DAY" python3 -c '
import json, os, collections
items = json.load(open(os.environ["SCRATCH"]))
day = os.environ["DAY"]
groups = collections.defaultdict(list)
for item in items:
    groups[item.get("decision", "unknown").lower()].append(item)
for name, rows in groups.items():
    path = os.path.join(os.environ["OUT"], f"{day}_{name}.json")
    with open(path, "w") as fh:
        json.dump(rows, fh, indent=1)
    print(f"{name}={len(rows)}")
')"

while IFS='=' read -r kind n; do
    [[ -n "$kind" ]] && log "$kind: $n"
done <<< "$COUNTS"

rm -f "$SCRATCH"
log "staged decisions in $OUT_DIR"
