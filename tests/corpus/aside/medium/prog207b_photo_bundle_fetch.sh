#!/usr/bin/env bash
# Fetch this week's adoption photo bundle from the old gallery box and
# share it on the office network so the poster volunteers can grab them.
# Usage: prog207b_photo_bundle_fetch.sh [-w week] [-p port] [-n]
set -uo pipefail

GALLERY="${GALLERY_HOST:-gallery.example.org}"
WEEK="$(date +%G-W%V)"
PORT=8000
NO_SERVE=0
WORK="/tmp/hog_photos"
BUNDLE="/tmp/hog_photos.tgz"

declare -a CURL_OPTS=(-f -sS --max-time 120 -k)

msg() { printf '[photos] %s\n' "$*" >&2; }

bundle_url() { printf 'https://%s/bundles/%s.tgz' "$GALLERY" "$1"; }

download() {
    local url
    url="$(bundle_url "$WEEK")"
    msg "fetching $url"
    curl "${CURL_OPTS[@]}" -o "$BUNDLE" "$url"
}

unpack() {
    rm -rf "$WORK"
    mkdir -p "$WORK"
    tar -xzf "$BUNDLE" -C "$WORK"
    local n
    n="$(find "$WORK" -type f \( -iname '*.jpg' -o -iname '*.png' \) | wc -l)"
    msg "unpacked $n photos into $WORK"
    (( n > 0 ))
}

make_index() {
    {
        printf '<html><body><h1>Adoption photos %s</h1><ul>\n' "$WEEK"
        find "$WORK" -type f \( -iname '*.jpg' -o -iname '*.png' \) -printf '%P\n' | sort |
            while read -r f; do printf '<li><a href="%s">%s</a></li>\n' "$f" "$f"; done
        printf '</ul></body></html>\n'
    } >"$WORK/index.html"
}

serve() {
    local py
    py="$(command -v python3 || command -v python)" || { msg "no python found"; return 1; }
    msg "sharing $WORK on port $PORT (Ctrl-C to stop)"
    "$py" -m http.server "$PORT" --bind 0.0.0.0 --directory "$WORK"
}

while getopts ':w:p:nh' opt; do
    case "$opt" in
        w) WEEK="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        n) NO_SERVE=1 ;;
        *) sed -n '2,4p' "$0"; exit 2 ;;
    esac
done

declare -a PIPELINE=(download unpack make_index)
for step in "${PIPELINE[@]}"; do
    if ! "$step"; then
        msg "step $step failed"
        exit 1
    fi
done

if (( NO_SERVE )); then
    msg "photos ready in $WORK"
else
    serve
fi
