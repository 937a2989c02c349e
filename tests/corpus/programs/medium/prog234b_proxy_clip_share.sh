#!/usr/bin/env bash
# prog234b_proxy_clip_share.sh
#
# Quick way for a field producer's laptop or an ingest bay to hand low-res
# proxy clips to editors on the newsroom LAN during breaking news. Collects
# the proxies for a story slug into a share folder, writes an index, and
# serves the folder over HTTP until Ctrl-C.
#
# Usage: prog234b_proxy_clip_share.sh --slug SLUG [--src DIR] [--port N] [--minutes N]

set -euo pipefail

PROG="$(basename "$0")"
SRC="./proxies"
SHARE_ROOT="./share"
PORT=8080
SLUG=""
MINUTES=0

log() {
    printf '%s [%s] %s\n' "$(date '+%T')" "$PROG" "$*" >&2
}

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

collect() {
    local dest="$1" n=0
    mkdir -p "$dest"
    while IFS= read -r -d '' clip; do
        cp -n "$clip" "$dest/"
        n=$((n + 1))
    done < <(find "$SRC" -maxdepth 2 -type f -iname "*${SLUG}*" \
                \( -iname '*.mp4' -o -iname '*.mov' -o -iname '*.jpg' \) -print0)
    log "collected $n file(s) for slug ${SLUG}"
    echo "$n"
}

write_index() {
    local dest="$1"
    {
        echo "<html><head><title>${SLUG} proxies</title></head><body>"
        echo "<h1>${SLUG}</h1><ul>"
        for f in "$dest"/*; do
            [[ "$(basename "$f")" == "index.html" ]] && continue
            local name size
            name="$(basename "$f")"
            size="$(du -h "$f" | cut -f1)"
            echo "<li><a href=\"${name}\">${name}</a> (${size})</li>"
        done
        echo "</ul><p>shared from $(hostname) at $(date '+%F %T')</p></body></html>"
    } > "$dest/index.html"
}

serve() {
    local dest="$1"
    local ip
    ip="$(hostname -I 2>/dev/null | awk '{print $1}')"
    log "serving ${dest} on http://${ip:-this-host}:${PORT}/  (Ctrl-C to stop)"
    if (( MINUTES > 0 )); then
        timeout "$((MINUTES * 60))" python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$dest" || true
    else
        python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$dest"
    fi
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --slug) SLUG="$2"; shift 2 ;;
        --src) SRC="$2"; shift 2 ;;
        --port) PORT="$2"; shift 2 ;;
        --minutes) MINUTES="$2"; shift 2 ;;
        -h|--help) usage 0 ;;
        *) log "unknown option $1"; usage 2 ;;
    esac
done

[[ -n "$SLUG" ]] || { log "--slug is required"; usage 2; }
[[ -d "$SRC" ]] || { log "source directory $SRC not found"; exit 1; }
[[ "$PORT" =~ ^[0-9]+$ ]] || { log "port must be numeric"; exit 2; }

DEST="${SHARE_ROOT}/${SLUG}"
count="$(collect "$DEST")"
if [[ "$count" -eq 0 ]]; then
    log "nothing matched ${SLUG} in ${SRC}"
    exit 1
fi
write_index "$DEST"
serve "$DEST"
log "share for ${SLUG} stopped"
