#!/usr/bin/env bash
# podfetch: grab the newest N episodes of each feed in feeds.txt.
#
# feeds.txt: one "name url" pair per line, '#' for comments.
set -uo pipefail

FEEDS="${1:-feeds.txt}"
LIBRARY="${PODCAST_DIR:-$HOME/Podcasts}"
KEEP="${KEEP:-3}"
WORK=/tmp/podfetch
FEED_XML=/tmp/podfetch/feed.xml
LIST=/tmp/podfetch/enclosures.txt
UA="podfetch.sh/1.3"

mkdir -p "$WORK" "$LIBRARY"

say() { echo "podfetch: $*"; }

fetch_feed() {
  local url="$1"
  curl -fsSL --max-time 30 -A "$UA" -o "$FEED_XML" "$url"
}

extract_enclosures() {
  # pull <title> and enclosure url pairs, newest first as published
  xmllint --xpath '//item/enclosure/@url' "$FEED_XML" 2>/dev/null |
    sed -E 's/ url="([^"]*)"/\1\n/g' |
    grep -E '^https?://' |
    head -n "$KEEP" > "$LIST"
}

episode_name() {
  local url="$1" base
  base="${url%%\?*}"
  base="${base##*/}"
  printf '%s' "$base" | tr -c 'A-Za-z0-9._-' '_'
}

download_episodes() {
  local show="$1" dir="$LIBRARY/$1" url name
  mkdir -p "$dir"
  while read -r url; do
    name="$(episode_name "$url")"
    if [[ -f "$dir/$name" ]]; then
      continue
    fi
    say "[$show] downloading $name"
    if curl -fL --max-time 1800 -A "$UA" -o "$WORK/$name.part" "$url"; then
      mv "$WORK/$name.part" "$dir/$name"
    else
      say "[$show] failed: $url"
      rm -f "$WORK/$name.part"
    fi
  done < "$LIST"
}

prune_old() {
  local dir="$LIBRARY/$1"
  ls -1t "$dir" 2>/dev/null | tail -n +$((KEEP * 2 + 1)) | while read -r old; do
    say "[$1] pruning $old"
    rm -f -- "$dir/$old"
  done
}

main() {
  [[ -f "$FEEDS" ]] || { say "no feeds file $FEEDS"; exit 1; }
  local name url
  while read -r name url; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    say "checking $name"
    if ! fetch_feed "$url"; then
      say "feed unavailable: $url"
      continue
    fi
    extract_enclosures
    download_episodes "$name"
    prune_old "$name"
  done < "$FEEDS"
  rm -f "$FEED_XML" "$LIST"
  say "done"
}

main
