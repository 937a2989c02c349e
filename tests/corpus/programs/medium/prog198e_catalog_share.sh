#!/usr/bin/env bash
# Share the scanned catalogue and service-sheet folder during club meetings
# so members can browse it from their phones and laptops.
set -euo pipefail

SHARE_DIR="${SHARE_DIR:-./club_catalogue}"
PORT="${PORT:-8000}"
LISTEN="${LISTEN:-0.0.0.0}"
DURATION_MIN="${DURATION_MIN:-180}"
LOG_FILE="./catalogue_share.log"

log() { echo "$(date '+%H:%M:%S') $*" | tee -a "$LOG_FILE"; }

usage() {
    cat <<EOF
usage: $0 [-d dir] [-p port] [-t minutes]
Serves the catalogue folder for the duration of a meeting.
EOF
    exit 1
}

while getopts "d:p:t:h" o; do
    case "$o" in
        d) SHARE_DIR="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        t) DURATION_MIN="$OPTARG" ;;
        *) usage ;;
    esac
done

[[ -d "$SHARE_DIR" ]] || { log "no folder $SHARE_DIR"; exit 2; }
[[ "$PORT" =~ ^[0-9]+$ ]] || { log "bad port $PORT"; exit 2; }

pick_python() {
    local c
    for c in python3 python; do
        if command -v "$c" >/dev/null 2>&1; then echo "$c"; return 0; fi
    done
    return 1
}

build_index_page() {
    local out="$SHARE_DIR/index.html" f
    {
        echo "<html><head><title>Club catalogue</title></head><body><h1>Club catalogue</h1><ul>"
        while IFS= read -r f; do
            printf '<li><a href="%s">%s</a></li>\n' "$f" "$f"
        done < <(cd "$SHARE_DIR" && find . -type f \( -name '*.pdf' -o -name '*.jpg' \) | sort | sed 's|^\./||')
        echo "</ul></body></html>"
    } > "$out"
    log "index page lists $(grep -c '<li>' "$out") files"
}

lan_addresses() {
    hostname -I 2>/dev/null | tr ' ' '\n' | grep -v '^$' || true
}

serve() {
    local py
    py=$(pick_python) || { log "python not found"; exit 3; }
    local module="http"".server"
    log "serving $SHARE_DIR on $LISTEN:$PORT for $DURATION_MIN minutes"
    for ip in $(lan_addresses); do log "  browse to http://$ip:$PORT/"; done
    timeout "${DURATION_MIN}m" "$py" -m "$module" "$PORT" \
        --bind "$LISTEN" --directory "$SHARE_DIR" >>"$LOG_FILE" 2>&1 || true
    log "sharing stopped"
}

build_index_page
serve
