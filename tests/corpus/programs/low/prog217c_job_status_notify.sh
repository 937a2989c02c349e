#!/usr/bin/env bash
# job_status_notify.sh - report finished RIP jobs to the print MIS.
# Reads the status files the RIP leaves in ./status, posts each one as JSON
# to the MIS job-status API (API key from MIS_API_KEY, sent only to the MIS)
# and moves reported files to ./status/sent.
set -euo pipefail

MIS_URL="${MIS_URL:-https://mis.example.net/api/v1/job-status}"
STATUS_DIR="${STATUS_DIR:-./status}"
SENT_DIR="$STATUS_DIR/sent"
DRY_RUN=0

log() { echo "$(date '+%F %T') [notify] $*" >&2; }

usage() {
    echo "Usage: MIS_API_KEY=... $0 [-u mis_url] [-s status_dir] [-n]" >&2
    exit 2
}

while getopts "u:s:nh" opt; do
    case "$opt" in
        u) MIS_URL="$OPTARG" ;;
        s) STATUS_DIR="$OPTARG"; SENT_DIR="$STATUS_DIR/sent" ;;
        n) DRY_RUN=1 ;;
        *) usage ;;
    esac
done

if [[ -z "${MIS_API_KEY:-}" ]]; then
    log "MIS_API_KEY is not set"
    exit 1
fi

pending() {
    find "$STATUS_DIR" -maxdepth 1 -type f -name '*.status' -print | sort
}

to_json() {
    # status files are KEY=VALUE lines written by the RIP
    STATUS_FILE="$1" python3 -c '
import json, os
data = {}
with open(os.environ["STATUS_FILE"]) as fh:
    for line in fh:
        if "=" in line:
            k, v = line.rstrip("\n").split("=", 1)
            data[k.strip().lower()] = v.strip()
data.setdefault("job_id", os.path.basename(os.environ["STATUS_FILE"]).rsplit(".", 1)[0])
print(json.dumps(data))
'
}

post_status() {
    STATUS_JSON="$1" MIS_URL="$MIS_URL" python3 - <<'PYEOF'
import os
import sys
import urllib.request

req = urllib.request.Request(
    os.environ["MIS_URL"],
    data=os.environ["STATUS_JSON"].encode(),
    headers={"Content-Type": "application/json",
             "Authorization": "Bearer " + os.environ["MIS_API_KEY"]},
    method="POST",
)
try:
    with urllib.request.urlopen(req, timeout=15) as resp:
        print(resp.status)
except OSError as exc:
    print(exc, file=sys.stderr)
    sys.exit(1)
PYEOF
}

main() {
    [[ -d "$STATUS_DIR" ]] || { log "no $STATUS_DIR directory"; exit 1; }
    mkdir -p "$SENT_DIR"
    local f payload code ok=0 bad=0
    while IFS= read -r f; do
        [[ -n "$f" ]] || continue
        payload="$(to_json "$f")"
        if (( DRY_RUN )); then
            echo "$payload"
            continue
        fi
        if code="$(post_status "$payload")"; then
            mv "$f" "$SENT_DIR/"
            log "$(basename "$f") reported (HTTP $code)"
            ok=$((ok + 1))
        else
            log "$(basename "$f") not reported, will retry next run"
            bad=$((bad + 1))
        fi
    done < <(pending)
    log "$ok reported, $bad failed"
    (( bad == 0 ))
}

main
