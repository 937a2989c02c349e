#!/usr/bin/env bash
# Builds a static HTML catalog of the player-piano MIDI archive in ./build.
# Each roll gets a row with its title, file size and checksum; the page
# links to the public archive site for downloads.
set -euo pipefail

SRC_DIR="${1:-./midi}"
BUILD_DIR="./build"
SITE_URL="${ARCHIVE_SITE:-https://rolls.example.com}"
TITLE="Workshop player-piano roll archive"

log() { echo "catalog: $*" >&2; }

if [ ! -d "$SRC_DIR" ]; then
    log "source folder $SRC_DIR not found"
    exit 1
fi

# start from a clean build folder every time
rm -rf "$BUILD_DIR"
mkdir -p "$BUILD_DIR"

human_size() {
    local bytes=$1
    if [ "$bytes" -ge 1048576 ]; then
        echo "$((bytes / 1048576)) MB"
    elif [ "$bytes" -ge 1024 ]; then
        echo "$((bytes / 1024)) kB"
    else
        echo "$bytes B"
    fi
}

html_escape() {
    sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' -e 's/"/\&quot;/g'
}

# check the archive site answers before linking to it
site_status="offline"
if curl -fsSI --max-time 10 "$SITE_URL/" >/dev/null 2>&1; then
    site_status="online"
fi
log "archive site is $site_status"

page="$BUILD_DIR/index.html"
sums="$BUILD_DIR/SHA256SUMS"
: > "$sums"

{
    echo "<!doctype html><html><head><meta charset=utf-8>"
    echo "<title>$TITLE</title></head><body>"
    echo "<h1>$TITLE</h1>"
    echo "<p>Generated $(date +%F). Download site: $site_status.</p>"
    echo "<table><tr><th>Title</th><th>Size</th><th>SHA-256</th></tr>"
} > "$page"

count=0
while IFS= read -r -d '' f; do
    name="$(basename "$f")"
    title="$(basename "$f" .mid | tr '_' ' ' | html_escape)"
    size="$(stat -c %s "$f")"
    sum="$(sha256sum "$f" | cut -d' ' -f1)"
    echo "$sum  $name" >> "$sums"
    printf '<tr><td><a href="%s/rolls/%s">%s</a></td><td>%s</td><td><code>%s</code></td></tr>\n' \
        "$SITE_URL" "$name" "$title" "$(human_size "$size")" "${sum:0:16}" >> "$page"
    count=$((count + 1))
done < <(find "$SRC_DIR" -maxdepth 2 -type f -name '*.mid' -print0 | sort -z)

{
    echo "</table>"
    echo "<p>$count rolls.</p>"
    echo "</body></html>"
} >> "$page"

cp "$sums" "$BUILD_DIR/checksums.txt"
log "wrote $page with $count rolls"
