#!/usr/bin/env bash
# plot_share.sh -- show this week's analysis plots to the group meeting.
#
# Builds a simple index.html gallery of the PNG/PDF files in the plots
# directory and serves the directory over HTTP so people in the meeting room
# can open it from their laptops.
#
# Usage: plot_share.sh [-d PLOTDIR] [-p PORT] [-t TITLE] [--no-serve]

set -euo pipefail

PLOTDIR="${PWD}/plots"
PORT=8080
TITLE="Group meeting plots"
SERVE=1

log() { echo "[plot_share $(date '+%T')] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -d) PLOTDIR="$2"; shift 2 ;;
        -p) PORT="$2"; shift 2 ;;
        -t) TITLE="$2"; shift 2 ;;
        --no-serve) SERVE=0; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

[[ -d "$PLOTDIR" ]] || { log "no plot directory $PLOTDIR"; exit 1; }
[[ "$PORT" =~ ^[0-9]+$ ]] && (( PORT > 1024 && PORT < 65536 )) || { log "use an unprivileged port"; exit 2; }

build_index() {
    # File list goes to Python on stdin; title via the environment.
    find "$PLOTDIR" -maxdepth 2 -type f \( -name '*.png' -o -name '*.pdf' -o -name '*.svg' \) \
        -printf '%P\t%T@\n' | sort -t$'\t' -k2,2nr |
    GALLERY_TITLE="$TITLE" GALLERY_OUT="$PLOTDIR/index.html" python3 -c '
import html, os, sys, time
title = html.escape(os.environ["GALLERY_TITLE"])
items = []
for line in sys.stdin:
    rel, mtime = line.rstrip("\n").split("\t")
    stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(float(mtime)))
    name = html.escape(rel)
    if rel.endswith((".png", ".svg")):
        body = f"<img src=\"{name}\" style=\"max-width:600px\">"
    else:
        body = f"<a href=\"{name}\">{name}</a>"
    items.append(f"<figure>{body}<figcaption>{name} &middot; {stamp}</figcaption></figure>")
with open(os.environ["GALLERY_OUT"], "w") as fh:
    fh.write(f"<!doctype html><title>{title}</title><h1>{title}</h1>\n")
    fh.write("\n".join(items))
print(len(items))
'
}

main() {
    local n addr
    n=$(build_index)
    log "index.html written with $n plot(s)"
    if (( ! SERVE )); then
        return 0
    fi
    addr=$(hostname -I 2>/dev/null | awk '{print $1}')
    log "serving $PLOTDIR on all interfaces: http://${addr:-<this-host>}:${PORT}/"
    log "press Ctrl-C to stop"
    cd "$PLOTDIR"
    exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$PLOTDIR"
}

main
