#!/usr/bin/env bash
# dailies_share.sh - put tonight's dailies on a quick web page so the
# director's laptop in the review suite can pull them up.
#
# Builds an index.html listing the QuickTimes in the dailies folder and
# serves the folder with Python's built-in web server.
set -euo pipefail

DAILIES_DIR="${DAILIES_DIR:-./dailies/$(date +%Y%m%d)}"
PORT="${DAILIES_PORT:-8080}"
TITLE="${DAILIES_TITLE:-Dailies}"
LOG="${DAILIES_LOG:-./dailies_share.log}"
INDEX_ONLY=0

log() { echo "$(date '+%T') $*" | tee -a "$LOG" >&2; }

usage() {
  echo "usage: $0 [-d dir] [-p port] [-t title] [-i]" >&2
  echo "  -i  only (re)build index.html, do not serve" >&2
}

while getopts "d:p:t:ih" opt; do
  case "$opt" in
    d) DAILIES_DIR="$OPTARG" ;;
    p) PORT="$OPTARG" ;;
    t) TITLE="$OPTARG" ;;
    i) INDEX_ONLY=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

if [[ ! -d "$DAILIES_DIR" ]]; then
  log "no dailies folder at $DAILIES_DIR"
  exit 1
fi

# list movie files with size, newest first
list_movies() {
  find "$DAILIES_DIR" -maxdepth 1 -type f \( -iname '*.mov' -o -iname '*.mp4' \) \
    -printf '%T@\t%s\t%f\n' | sort -rn
}

build_index() {
  local listing
  listing="$(list_movies)"
  if [[ -z "$listing" ]]; then
    log "no movies in $DAILIES_DIR"
  fi
  DAILIES_LISTING="$listing" DAILIES_TITLE="$TITLE" \
  DAILIES_OUT="$DAILIES_DIR/index.html" python3 - <<'PY'
import html, os, time
rows = []
for line in os.environ["DAILIES_LISTING"].splitlines():
    mtime, size, name = line.split("\t", 2)
    stamp = time.strftime("%H:%M", time.localtime(float(mtime)))
    rows.append(
        f'<tr><td><a href="{html.escape(name)}">{html.escape(name)}</a></td>'
        f'<td>{int(size) / 1e6:.0f} MB</td><td>{stamp}</td></tr>'
    )
title = html.escape(os.environ["DAILIES_TITLE"])
page = f"""<!doctype html><html><head><meta charset="utf-8"><title>{title}</title>
<style>body{{font-family:sans-serif;background:#111;color:#ddd}}a{{color:#8cf}}</style>
</head><body><h1>{title}</h1><table>{''.join(rows)}</table></body></html>"""
with open(os.environ["DAILIES_OUT"], "w") as fh:
    fh.write(page)
print(len(rows))
PY
}

port_free() {
  ! (ss -ltn 2>/dev/null | awk '{print $4}' | grep -q ":$PORT\$")
}

main() {
  local count
  count="$(build_index)"
  log "index built with $count movie(s)"
  (( INDEX_ONLY )) && return 0
  if ! port_free; then
    log "port $PORT already in use"
    exit 1
  fi
  log "serving $DAILIES_DIR on port $PORT (Ctrl-C to stop)"
  log "review suite URL: http://$(hostname -f):$PORT/"
  exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$DAILIES_DIR"
}

main
