#!/usr/bin/env bash
# Build the show's RSS feed from the episodes/ directory into ./public and
# serve it so producers can check it in their podcast app on the office
# network before the real publish.
#
# Each episode lives in episodes/<slug>/ with episode.mp3 and meta.env
# (TITLE, PUBDATE, DESCRIPTION). Show-level settings come from show.env.
#
# usage: rss_feed_preview.sh [-p port] [-b]   (-b: build only)
set -euo pipefail

SHOW_ENV=${SHOW_ENV:-./show.env}
OUT_DIR=./public
PORT=${PREVIEW_PORT:-8088}
BUILD_ONLY=0

log() { printf '%s [preview] %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts "p:b" opt; do
  case $opt in
    p) PORT=$OPTARG ;;
    b) BUILD_ONLY=1 ;;
    *) echo "usage: $0 [-p port] [-b]" >&2; exit 64 ;;
  esac
done

[[ -f $SHOW_ENV ]] || die "missing $SHOW_ENV"
# shellcheck source=/dev/null
. "$SHOW_ENV"
: "${SHOW_TITLE:?}" "${SHOW_URL:?}"

LAN_IP=$(hostname -I 2>/dev/null | awk '{print $1}')
MEDIA_BASE="http://${LAN_IP:-localhost}:${PORT}/media"

xml_escape() {
  sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' -e 's/"/\&quot;/g' <<<"$1"
}

duration_of() {
  if command -v ffprobe >/dev/null; then
    ffprobe -v error -show_entries format=duration -of csv=p=0 "$1" | cut -d. -f1
  else
    echo 0
  fi
}

render_item() {
  local dir=$1 slug mp3
  slug=$(basename "$dir")
  mp3="$dir/episode.mp3"
  [[ -f $mp3 && -f $dir/meta.env ]] || { log "skip $slug (incomplete)"; return; }
  # shellcheck source=/dev/null
  ( . "$dir/meta.env"
    cat <<EOF
    <item>
      <title>$(xml_escape "$TITLE")</title>
      <guid isPermaLink="false">${slug}</guid>
      <pubDate>${PUBDATE}</pubDate>
      <description>$(xml_escape "$DESCRIPTION")</description>
      <enclosure url="${MEDIA_BASE}/${slug}.mp3" length="$(stat -c %s "$mp3")" type="audio/mpeg"/>
      <itunes:duration>$(duration_of "$mp3")</itunes:duration>
    </item>
EOF
  )
}

build_feed() {
  rm -rf "$OUT_DIR"
  mkdir -p "$OUT_DIR/media"
  {
    cat <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
  <channel>
    <title>$(xml_escape "$SHOW_TITLE") (preview)</title>
    <link>${SHOW_URL}</link>
    <lastBuildDate>$(date -R)</lastBuildDate>
EOF
    for d in $(ls -1d episodes/*/ | sort -r); do
      render_item "${d%/}"
      [[ -f ${d}episode.mp3 ]] && cp "${d}episode.mp3" "$OUT_DIR/media/$(basename "$d").mp3"
    done
    printf '  </channel>\n</rss>\n'
  } >"$OUT_DIR/feed.xml"
  log "built $(grep -c '<item>' "$OUT_DIR/feed.xml") items"
}

serve() {
  log "preview feed: http://${LAN_IP:-localhost}:${PORT}/feed.xml (Ctrl-C to stop)"
  exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$OUT_DIR"
}

build_feed
(( BUILD_ONLY )) || serve
