#!/usr/bin/env bash
# inspection_photo_share - show today's scaffold inspection photos on the
# site tablets and the client's laptop without uploading anything.
#
# Builds a simple index page (grouped by scaffold tag, newest first) over
# ./inspection_photos and serves the folder on the trailer Wi-Fi until
# Ctrl-C.  Prints the address (and a QR code if qrencode is installed) so
# people can open it from their phones.
#
# Usage: inspection_photo_share.sh [-p port] [-d photo_dir] [-t title]
set -eu

PORT=${PORT:-8088}
PHOTO_DIR=${PHOTO_DIR:-./inspection_photos}
TITLE="Scaffold inspection photos"

while getopts ":p:d:t:h" opt; do
    case $opt in
        p) PORT=$OPTARG ;;
        d) PHOTO_DIR=$OPTARG ;;
        t) TITLE=$OPTARG ;;
        h) sed -n '2,10s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) echo "bad option -$OPTARG" >&2; exit 64 ;;
    esac
done

[ -d "$PHOTO_DIR" ] || { echo "no photo folder at $PHOTO_DIR" >&2; exit 1; }
command -v python3 >/dev/null || { echo "python3 is needed" >&2; exit 1; }

html_escape() {
    sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' -e 's/"/\&quot;/g'
}

build_index() {
    local dir=$1 out="$1/index.html" tag
    {
        printf '<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width">\n'
        printf '<title>%s</title>\n' "$(printf '%s' "$TITLE" | html_escape)"
        printf '<style>body{font-family:sans-serif;margin:1em}img{width:220px;margin:4px;border:1px solid #ccc}h2{border-bottom:2px solid #e67e22}</style>\n'
        printf '<h1>%s</h1><p>Generated %s</p>\n' "$(printf '%s' "$TITLE" | html_escape)" "$(date '+%d %b %Y %H:%M')"
        # photos are named <TAG>_<yyyymmdd-hhmm>_<n>.jpg by the inspection app
        find "$dir" -maxdepth 1 -type f -iname '*.jpg' -printf '%f\n' \
            | cut -d_ -f1 | sort -u | while IFS= read -r tag; do
                printf '<h2>%s</h2>\n' "$(printf '%s' "$tag" | html_escape)"
                find "$dir" -maxdepth 1 -type f -iname "${tag}_*.jpg" -printf '%f\n' | sort -r \
                    | while IFS= read -r f; do
                        e=$(printf '%s' "$f" | html_escape)
                        printf '<a href="%s"><img loading="lazy" src="%s" alt="%s"></a>\n' "$e" "$e" "$e"
                    done
            done
    } > "$out"
    echo "index: $(grep -c '<img' "$out" || true) photo(s)"
}

lan_address() {
    ip -4 -o addr show scope global 2>/dev/null | awk '{split($4,a,"/"); print a[1]; exit}'
}

build_index "$PHOTO_DIR"

addr=$(lan_address)
url="http://${addr:-<this-laptop>}:${PORT}/"
echo "Sharing $PHOTO_DIR at $url  (Ctrl-C to stop)"
if command -v qrencode >/dev/null && [ -n "$addr" ]; then
    qrencode -t ANSIUTF8 "$url"
fi

exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$PHOTO_DIR"
