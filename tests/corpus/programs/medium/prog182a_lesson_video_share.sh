#!/usr/bin/env bash
# Share this week's class videos with teachers on the studio network.
# Copies the edited clips into a staging folder and serves it over HTTP so
# teachers can pull them onto their tablets from the staff room.
set -euo pipefail

SOURCE_DIR="${SOURCE_DIR:-$HOME/Videos/classes/edited}"
STAGE_DIR="/tmp/larkspur_video_share"
PORT="${PORT:-8090}"
LISTEN="${LISTEN:-0.0.0.0}"
WEEK="$(date +%G-W%V)"
MAX_AGE_DAYS=7

log() { echo "$(date '+%H:%M:%S') share: $*"; }

usage() {
    echo "usage: $0 [-p port] [-w week]"
}

while getopts ":p:w:h" opt; do
    case "$opt" in
        p) PORT="$OPTARG" ;;
        w) WEEK="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

stage_clips() {
    mkdir -p "$STAGE_DIR/$WEEK"
    local n=0 clip
    while IFS= read -r -d '' clip; do
        cp -u "$clip" "$STAGE_DIR/$WEEK/"
        n=$((n + 1))
    done < <(find "$SOURCE_DIR" -maxdepth 1 -type f \( -name '*.mp4' -o -name '*.mov' \) \
                  -mtime -"$MAX_AGE_DAYS" -print0)
    log "staged $n clips for $WEEK"
}

write_index() {
    {
        echo "<html><body><h1>Larkspur Ballet class videos $WEEK</h1><ul>"
        for f in "$STAGE_DIR/$WEEK"/*; do
            [[ -e "$f" ]] || continue
            b="$(basename "$f")"
            echo "<li><a href=\"$WEEK/$b\">$b</a></li>"
        done
        echo "</ul></body></html>"
    } > "$STAGE_DIR/index.html"
}

my_address() {
    hostname -I 2>/dev/null | awk '{print $1}'
}

serve() {
    log "serving $STAGE_DIR on http://$(my_address):$PORT/  (Ctrl-C to stop)"
    cd "$STAGE_DIR"
    python3 -m http.server "$PORT" --bind "$LISTEN"
}

STEPS=(stage_clips write_index serve)
for s in "${STEPS[@]}"; do
    "$s"
done
