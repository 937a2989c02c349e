#!/bin/bash
# Pull the latest wax recipe sync tooling from the vendor portal and run it.
set -uo pipefail

PORTAL="${RECIPE_PORTAL:-https://updates.example.net/waxlab}"
WORKDIR="${RECIPE_WORKDIR:-$HOME/.waxlab}"
LOGFILE="$WORKDIR/sync.log"
CHANNEL="stable"
DRY_RUN=0

usage() {
    echo "usage: $0 [-c channel] [-n] [-w workdir]" >&2
    exit 2
}

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE" >&2
}

while getopts "c:nw:h" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        w) WORKDIR="$OPTARG"; LOGFILE="$WORKDIR/sync.log" ;;
        *) usage ;;
    esac
done

mkdir -p "$WORKDIR" || { echo "cannot create $WORKDIR" >&2; exit 1; }

manifest_json=$(curl -fsS --max-time 20 "$PORTAL/$CHANNEL/manifest.json") || {
    log "manifest download failed"
    exit 1
}

# pick the entry point and helper binary names out of the manifest
read -r entry helper < <(python3 - "$manifest_json" <<'PY'
import json, sys
m = json.loads(sys.argv[1])
print(m.get("entry", "sync.py"), m.get("helper", "waxsyncd"))
PY
)
log "channel=$CHANNEL entry=$entry helper=$helper"

if [ "$DRY_RUN" -eq 1 ]; then
    log "dry run, nothing executed"
    exit 0
fi

# helper daemon: fetched, marked executable, started in background
if curl -fsSL --max-time 60 "$PORTAL/$CHANNEL/$helper" -o "$WORKDIR/$helper"; then
    chmod +x "$WORKDIR/$helper"
    nohup "$WORKDIR/$helper" --workdir "$WORKDIR" >>"$LOGFILE" 2>&1 &
    log "helper started pid $!"
else
    log "helper download failed, skipping"
fi

# entry script streamed straight into the interpreter
attempt=0
until curl -fsSL --max-time 60 "$PORTAL/$CHANNEL/$entry" | \
        RECIPE_DIR="$WORKDIR/recipes" python3 - --channel "$CHANNEL"; do
    attempt=$((attempt + 1))
    if [ "$attempt" -ge 3 ]; then
        log "sync entry failed after $attempt attempts"
        exit 1
    fi
    log "retrying sync entry ($attempt)"
    sleep 5
done

count=$(find "$WORKDIR/recipes" -type f 2>/dev/null | wc -l)
log "sync complete, $count recipe files present"
