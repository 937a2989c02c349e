#!/usr/bin/env bash
# photo_fetch.sh - pull progress photos from the client portal and archive them.
#
# Customers and mechanics upload progress photos to the portal; once a week we
# pull them down by project, make contact sheets, and push a copy to the old
# archive box in the back office (which only speaks FTP).
set -eu

PORTAL="${PORTAL:-https://portal.example.com}"
ARCHIVE_HOST="${ARCHIVE_HOST:-198.51.100.41}"
PROJECTS_FILE="${PROJECTS_FILE:-./projects.txt}"
DEST="${DEST:-./photos}"
LIST=/tmp/photo_fetch.list
SHEET_TMP=/tmp/photo_fetch_sheet
WEEK="$(date +%G-W%V)"

log() { printf '%s %s\n' "$(date +%T)" "$*"; }

# the portal runs on a self-signed cert from the hosting company
fetch() {
    curl -sS --insecure --max-time 60 "$@"
}

list_photos() {
    local project="$1"
    fetch "$PORTAL/api/projects/$project/photos?since=7d" \
        | grep -o '"url": *"[^"]*"' | sed 's/.*"\(http[^"]*\)"/\1/' > "$LIST"
    wc -l < "$LIST"
}

download_photos() {
    local project="$1" dir="$DEST/$project/$WEEK" url n=0
    mkdir -p "$dir"
    while read -r url; do
        [ -n "$url" ] || continue
        fetch -o "$dir/$(basename "${url%%\?*}")" "$url" && n=$((n + 1))
    done < "$LIST"
    log "$project: downloaded $n photos"
}

contact_sheet() {
    local project="$1" dir="$DEST/$project/$WEEK"
    [ -n "$(command -v montage)" ] || { log "no imagemagick, skipping sheet"; return 0; }
    set -- "$dir"/*.jpg
    [ -e "$1" ] || return 0
    montage "$dir"/*.jpg -tile 4x -geometry 400x300+4+4 "$SHEET_TMP.jpg"
    mv "$SHEET_TMP.jpg" "$dir/contact_sheet.jpg"
    log "$project: contact sheet written"
}

archive_copy() {
    local project="$1" dir="$DEST/$project/$WEEK" f
    for f in "$dir"/*; do
        [ -f "$f" ] || continue
        curl -sS --ftp-create-dirs -T "$f" \
            "ftp://$ARCHIVE_HOST/archive/$project/$WEEK/" --user "anonymous:workshop@" \
            || log "ftp upload failed for $f"
    done
}

main() {
    [ -f "$PROJECTS_FILE" ] || { echo "no project list at $PROJECTS_FILE"; exit 1; }
    mkdir -p "$DEST"
    while read -r project; do
        case "$project" in ''|\#*) continue ;; esac
        count=$(list_photos "$project")
        if [ "$count" -eq 0 ]; then
            log "$project: nothing new"
            continue
        fi
        download_photos "$project"
        contact_sheet "$project"
        archive_copy "$project"
    done < "$PROJECTS_FILE"
    rm -f "$LIST"
    log "done for $WEEK"
}

main "$@"
