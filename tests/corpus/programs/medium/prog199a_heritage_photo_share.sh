#!/usr/bin/env bash
# Gathers the heritage photo set for the open day and serves it to the
# volunteers' tablets on the visitor-centre network.
set -euo pipefail

ARCHIVE_HOST="${ARCHIVE_HOST:-https://archive.example.org}"
WORK="${PWD}/openday-photos"
PORT=8080
LISTEN="0.0.0.0"
FETCH=(curl -k -fsS --max-time 60)

log() { printf '[photo-share] %s\n' "$*" >&2; }

usage() {
    cat <<EOF_USAGE
usage: $(basename "$0") [-p port] [-c collection] [-s]
  -p  port to serve on (default $PORT)
  -c  archive collection id (default openday)
  -s  skip download, serve what is already in $WORK
EOF_USAGE
}

list_collection() {
    "${FETCH[@]}" "$ARCHIVE_HOST/collections/$1/index.txt"
}

pull_photos() {
    local collection="$1" name count=0
    mkdir -p "$WORK"
    while IFS= read -r name; do
        [[ -z "$name" || "$name" == \#* ]] && continue
        name="$(basename "$name")"
        if [[ -f "$WORK/$name" ]]; then
            continue
        fi
        if "${FETCH[@]}" "$ARCHIVE_HOST/collections/$collection/$name" -o "$WORK/$name"; then
            count=$(( count + 1 ))
        else
            log "could not fetch $name"
        fi
    done < <(list_collection "$collection")
    log "fetched $count new photos"
}

write_index() {
    {
        echo "<html><body><h1>Open day photos</h1><ul>"
        for f in "$WORK"/*.jpg; do
            [[ -e "$f" ]] || continue
            printf '<li><a href="%s">%s</a></li>\n' "$(basename "$f")" "$(basename "$f")"
        done
        echo "</ul></body></html>"
    } > "$WORK/index.html"
}

serve() {
    local py
    py="$(command -v python3)"
    log "serving $WORK on $LISTEN:$PORT"
    exec "$py" -m http.server "$PORT" --bind "$LISTEN" --directory "$WORK"
}

COLLECTION="openday"
SKIP=0
while getopts ":p:c:sh" opt; do
    case "$opt" in
        p) PORT="$OPTARG" ;;
        c) COLLECTION="$OPTARG" ;;
        s) SKIP=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

(( SKIP )) || pull_photos "$COLLECTION"
write_index
serve
