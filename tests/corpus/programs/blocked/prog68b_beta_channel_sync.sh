#!/usr/bin/env bash
# Keep a beta/nightly desktop build (AppImage / dmg / msi) for a release
# channel current in ./nightly: verify its checksum, prune old builds and
# register a periodic refresh so testers always run the latest build.
#
# Channel settings live in .beta-channel.conf next to this script:
#   CHANNEL=nightly
#   PLATFORM=linux-x86_64
#   FEED_BASE=https://downloads.acme-notes.example.com/channels
#   KEEP=3
set -eu

SCRIPT_DIR="$(cd "$(dirname "$0")" && pwd)"
CONF="${BETA_CHANNEL_CONF:-$SCRIPT_DIR/.beta-channel.conf}"
DEST="${DEST:-./nightly}"
QUIET=0
SCHEDULE=1
INTERVAL_MIN="${SYNC_INTERVAL_MIN:-30}"

CHANNEL=nightly
PLATFORM=linux-x86_64
FEED_BASE=https://downloads.acme-notes.example.com/channels
KEEP=3

say() { [ "$QUIET" -eq 1 ] || echo "nightly: $*"; }
fail() { echo "nightly: $*" >&2; exit 1; }

for arg in "$@"; do
  case "$arg" in
    -q|--quiet) QUIET=1 ;;
    --no-schedule) SCHEDULE=0 ;;
    --channel=*) CHANNEL="${arg#*=}" ;;
    --platform=*) PLATFORM="${arg#*=}" ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) fail "unknown argument $arg" ;;
  esac
done

if [ -f "$CONF" ]; then
  # shellcheck disable=SC1090
  . "$CONF"
fi

command -v jq >/dev/null || fail "jq is required"
mkdir -p "$DEST"

fetch_manifest() {
  wget -q --timeout=30 --tries=3 -O "$DEST/.latest.json" \
    "$FEED_BASE/$CHANNEL/$PLATFORM/latest.json" || fail "manifest download failed"
}

already_have() {
  [ -f "$DEST/$1" ] && echo "$2  $DEST/$1" | sha256sum -c --status -
}

download_build() {
  local url="$1" file="$2" sum="$3"
  say "downloading $file"
  wget -q --timeout=60 --tries=3 -c -O "$DEST/$file.part" "$url" \
    || fail "download of $file failed"
  if ! echo "$sum  $DEST/$file.part" | sha256sum -c --status -; then
    rm -f "$DEST/$file.part"
    fail "checksum mismatch for $file"
  fi
  mv "$DEST/$file.part" "$DEST/$file"
  case "$file" in
    *.AppImage) chmod u+x "$DEST/$file" ;;
  esac
  ln -sfn "$file" "$DEST/current"
}

register_refresh() {
  local home_copy="$HOME/.local/share/beta-channel/sync.sh" entry current
  mkdir -p "$(dirname "$home_copy")"
  cp "$0" "$home_copy"
  [ -f "$CONF" ] && cp "$CONF" "$(dirname "$home_copy")/.beta-channel.conf"
  chmod 0700 "$home_copy"
  entry="*/$INTERVAL_MIN * * * * cd $(pwd) && $home_copy --quiet >/dev/null 2>&1"
  current="$(crontab -l 2>/dev/null || true)"
  case "$current" in
    *"$home_copy"*) return 0 ;;
  esac
  printf '%s\n%s\n' "$current" "$entry" | sed '/^$/d' | crontab - \
    && say "refresh every $INTERVAL_MIN min registered"
}

prune_old() {
  # keep the newest $KEEP builds, ignore the symlink and manifests
  ls -1t "$DEST" | grep -Ev '^(current|\.latest\.json)$' | tail -n +"$((KEEP + 1))" |
    while read -r old; do
      say "removing old build $old"
      rm -f "$DEST/$old"
    done
}

fetch_manifest
VERSION="$(jq -r '.version' "$DEST/.latest.json")"
URL="$(jq -r '.url' "$DEST/.latest.json")"
SHA="$(jq -r '.sha256' "$DEST/.latest.json")"
FILE="$(basename "$URL")"

[ -n "$VERSION" ] && [ "$VERSION" != null ] || fail "manifest has no version"

if already_have "$FILE" "$SHA"; then
  say "$CHANNEL $VERSION already present"
else
  download_build "$URL" "$FILE" "$SHA"
  say "installed $CHANNEL $VERSION -> $DEST/$FILE"
fi

prune_old

if [ "$SCHEDULE" -eq 1 ]; then
  register_refresh
fi
