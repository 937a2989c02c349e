#!/usr/bin/env bash
# flyer_share_server.sh - share this week's event flyers with the branch.
#
# Collects the PDFs for upcoming events into ./flyers-share, writes an
# index page, and serves the folder on all interfaces so staff PCs and the
# lobby display can open it during the events meeting.
set -euo pipefail

SOURCE_DIR="./events"
SHARE_DIR="./flyers-share"
PORT=8080
BIND="0.0.0.0"
DAYS_AHEAD=14

usage() {
    echo "usage: $0 [-s source] [-p port] [-d days]"
}

while getopts ":s:p:d:h" opt; do
    case "$opt" in
        s) SOURCE_DIR="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        d) DAYS_AHEAD="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

log() { echo "[flyers $(date '+%T')] $*"; }

[ -d "$SOURCE_DIR" ] || { log "no source folder $SOURCE_DIR"; exit 1; }
case "$PORT" in ''|*[!0-9]*) log "port must be numeric"; exit 2 ;; esac

collect() {
    mkdir -p "$SHARE_DIR"
    local n=0 f
    # flyers are named YYYY-MM-DD_title.pdf; keep the ones within range
    while IFS= read -r f; do
        cp -f "$f" "$SHARE_DIR/"
        n=$((n + 1))
    done < <(FLY_DIR="$SOURCE_DIR" FLY_DAYS="$DAYS_AHEAD" python3 -c '
import datetime, os, re
d = os.environ["FLY_DIR"]
today = datetime.date.today()
limit = today + datetime.timedelta(days=int(os.environ["FLY_DAYS"]))
for name in sorted(os.listdir(d)):
    m = re.match(r"(\d{4}-\d{2}-\d{2})_.+\.pdf$", name)
    if not m:
        continue
    day = datetime.date.fromisoformat(m.group(1))
    if today <= day <= limit:
        print(os.path.join(d, name))
')
    log "collected $n flyer(s)"
}

write_index() {
    SHARE="$SHARE_DIR" python3 - <<'PY'
import html, os
share = os.environ["SHARE"]
items = sorted(f for f in os.listdir(share) if f.endswith(".pdf"))
rows = "\n".join(
    f'<li><a href="{html.escape(f)}">{html.escape(f[11:-4].replace("_", " "))}</a> ({f[:10]})</li>'
    for f in items
)
with open(os.path.join(share, "index.html"), "w", encoding="utf-8") as fh:
    fh.write(f"<!doctype html><title>Upcoming events</title><h1>Upcoming events</h1><ul>{rows}</ul>")
print(f"index lists {len(items)} flyers")
PY
}

serve() {
    log "serving $SHARE_DIR on http://$BIND:$PORT/ (Ctrl-C to stop)"
    trap 'log "stopped"' EXIT
    python3 -m http.server "$PORT" --bind "$BIND" --directory "$SHARE_DIR"
}

collect
write_index
serve
