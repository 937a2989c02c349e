#!/usr/bin/env bash
# replay_share.sh - share tonight's demo/replay files with the analyst desk.
#
# Copies finished replays into a share folder, writes an index.json with
# map, teams and size for each file, and serves the folder over HTTP so the
# analysts on the venue LAN can pull them from their laptops.
#
# usage: replay_share.sh [-s source_dir] [-d share_dir] [-p port] [--no-serve]

set -euo pipefail

SRC="./server_demos"
SHARE="./replay_share"
PORT=8080
SERVE=1

log() { echo "$(date +%H:%M:%S) replay-share: $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -s) SRC="$2"; shift 2 ;;
        -d) SHARE="$2"; shift 2 ;;
        -p) PORT="$2"; shift 2 ;;
        --no-serve) SERVE=0; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) log "unknown option $1"; exit 1 ;;
    esac
done

[[ -d "$SRC" ]] || { log "source $SRC missing"; exit 2; }
mkdir -p "$SHARE"

copied=0
for demo in "$SRC"/*.dem; do
    [[ -e "$demo" ]] || continue
    # only finished demos: not modified in the last 2 minutes
    if [[ -n "$(find "$demo" -mmin -2)" ]]; then
        log "still recording: $(basename "$demo")"
        continue
    fi
    if [[ ! -f "$SHARE/$(basename "$demo")" ]]; then
        cp -p "$demo" "$SHARE/"
        copied=$((copied + 1))
    fi
done
log "copied $copied new demo(s)"

# Build index.json; file names look like 2024-05-11_mapname_teamA-vs-teamB.dem
SHARE_DIR="$SHARE" python3 - <<'PY'
import json, os, re, time
share = os.environ["SHARE_DIR"]
pat = re.compile(r"^(\d{4}-\d{2}-\d{2})_([a-z0-9_]+?)_(.+)-vs-(.+)\.dem$", re.I)
entries = []
for name in sorted(os.listdir(share)):
    if not name.endswith(".dem"):
        continue
    st = os.stat(os.path.join(share, name))
    m = pat.match(name)
    entry = {"file": name, "bytes": st.st_size,
             "modified": time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(st.st_mtime))}
    if m:
        entry.update(date=m.group(1), map=m.group(2), team_a=m.group(3), team_b=m.group(4))
    entries.append(entry)
with open(os.path.join(share, "index.json"), "w") as fh:
    json.dump({"generated": int(time.time()), "demos": entries}, fh, indent=2)
print(f"index.json: {len(entries)} demos")
PY

if (( ! SERVE )); then
    exit 0
fi

LAN_IP="$(hostname -I 2>/dev/null | awk '{print $1}')"
log "serving $SHARE on all interfaces, port $PORT (analysts: http://${LAN_IP:-this-host}:$PORT/)"
log "Ctrl-C to stop"
exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SHARE"
