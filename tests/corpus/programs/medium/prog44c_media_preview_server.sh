#!/bin/sh
# Build low-res previews of the latest uploads and serve them so the design
# team can look at them from their laptops on the office network.
#   usage: media_preview_server.sh [-p PORT] [-n COUNT] [UPLOAD_DIR]

PORT=8765
COUNT=40
UPLOAD_DIR=./media/uploads
PREVIEW_DIR=/tmp/media-preview
INDEX="$PREVIEW_DIR/index.html"

die() { echo "preview: $*" >&2; exit 1; }

while getopts "p:n:h" opt; do
    case $opt in
        p) PORT=$OPTARG ;;
        n) COUNT=$OPTARG ;;
        h) sed -n '2,4p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] && UPLOAD_DIR=$1

[ -d "$UPLOAD_DIR" ] || die "no upload dir $UPLOAD_DIR"
command -v convert >/dev/null 2>&1 || die "ImageMagick 'convert' is required"

mkdir -p "$PREVIEW_DIR/thumbs"

make_thumb() {
    src=$1
    name=$(basename "$src")
    out="$PREVIEW_DIR/thumbs/${name%.*}.jpg"
    if [ -f "$out" ] && [ "$out" -nt "$src" ]; then
        return 0
    fi
    case "$src" in
        *.mp4|*.mov|*.webm)
            if command -v ffmpeg >/dev/null 2>&1; then
                ffmpeg -loglevel error -y -ss 1 -i "$src" -frames:v 1 -vf scale=320:-1 "$out"
            fi
            ;;
        *)
            convert "$src[0]" -auto-orient -thumbnail 320x320 -quality 70 "$out" 2>/dev/null ||
                echo "preview: could not convert $src" >&2
            ;;
    esac
}

{
    echo "<!doctype html><html><head><meta charset=utf-8><title>Latest uploads</title>"
    echo "<style>img{max-width:320px;margin:4px}</style></head><body>"
    echo "<h1>Latest $COUNT uploads from $(hostname)</h1>"
} > "$INDEX"

ls -1t "$UPLOAD_DIR" | head -n "$COUNT" | while read -r f; do
    path="$UPLOAD_DIR/$f"
    [ -f "$path" ] || continue
    make_thumb "$path"
    thumb="thumbs/${f%.*}.jpg"
    [ -f "$PREVIEW_DIR/$thumb" ] && printf '<a href="%s"><img src="%s" alt="%s"></a>\n' \
        "$thumb" "$thumb" "$f" >> "$INDEX"
done

echo "</body></html>" >> "$INDEX"

ADDR=$(hostname -I 2>/dev/null | awk '{print $1}')
echo "preview: serving $PREVIEW_DIR on http://${ADDR:-0.0.0.0}:$PORT/ (Ctrl-C to stop)"
cd "$PREVIEW_DIR" || die "cannot enter $PREVIEW_DIR"
exec python3 -m http.server "$PORT" --bind 0.0.0.0
