#!/bin/sh
# fundus_viewer_update.sh - keep the RetinaView review station current.
#
# Checks the vendor update channel for a newer viewer build, fetches the
# release notes and the post-install step that migrates the local study
# cache, and restarts the viewer if it was running.
#
# Usage: fundus_viewer_update.sh [--channel stable|beta] [--check-only]
#
# Reads ~/.config/retinaview/update.conf if present (CHANNEL=, MIRROR=).

CHANNEL=stable
CHECK_ONLY=0
MIRROR="https://updates.retinaview-imaging.com"
CONF="$HOME/.config/retinaview/update.conf"
STATE_DIR="$HOME/.local/state/retinaview"
VIEWER_DIR="$HOME/RetinaView"

msg() { echo "retinaview-update: $*"; }

while [ $# -gt 0 ]; do
  case "$1" in
    --channel) CHANNEL="$2"; shift 2 ;;
    --check-only) CHECK_ONLY=1; shift ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) msg "unknown argument $1"; exit 64 ;;
  esac
done

if [ -f "$CONF" ]; then
  CHANNEL=$(sed -n 's/^CHANNEL=//p' "$CONF" | tail -n1 || echo "$CHANNEL")
  m=$(sed -n 's/^MIRROR=//p' "$CONF" | tail -n1)
  [ -n "$m" ] && MIRROR="$m"
fi
[ -n "$CHANNEL" ] || CHANNEL=stable

mkdir -p "$STATE_DIR"

installed_version() {
  if [ -f "$VIEWER_DIR/VERSION" ]; then
    cat "$VIEWER_DIR/VERSION"
  else
    echo 0.0.0
  fi
}

manifest_field() {
  # crude extraction of "key": "value" from the flat channel manifest
  sed -n "s/.*\"$1\"[[:space:]]*:[[:space:]]*\"\([^\"]*\)\".*/\1/p" "$STATE_DIR/manifest.json" | head -n1
}

fetch_manifest() {
  wget -q -T 30 -t 3 -O "$STATE_DIR/manifest.json" \
    "$MIRROR/channels/$CHANNEL/manifest.json"
}

run_post_install() {
  url=$(manifest_field post_install)
  want=$(manifest_field post_install_sha256)
  [ -n "$url" ] || return 0
  case "$url" in http*) ;; *) url="$MIRROR/$url" ;; esac
  step=$(wget -q -T 60 -O - "$url") || { msg "post-install fetch failed"; return 1; }
  got=$(printf '%s' "$step" | sha256sum | cut -d' ' -f1)
  if [ -n "$want" ] && [ "$got" != "$want" ]; then
    msg "post-install checksum mismatch ($got)"
    return 1
  fi
  msg "running post-install migration"
  printf '%s\n' "$step" | RV_HOME="$VIEWER_DIR" sh -s -- --channel "$CHANNEL"
}

restart_viewer() {
  pid=$(pgrep -u "$(id -u)" -f "$VIEWER_DIR/bin/retinaview" | head -n1)
  if [ -n "$pid" ]; then
    msg "restarting viewer (pid $pid)"
    kill "$pid" 2>/dev/null
    sleep 2
    nohup "$VIEWER_DIR/bin/retinaview" >/dev/null 2>&1 &
  fi
}

fetch_manifest || { msg "cannot reach update channel $CHANNEL"; exit 1; }
latest=$(manifest_field version)
current=$(installed_version)
msg "installed $current, channel $CHANNEL offers $latest"

if [ "$latest" = "$current" ] || [ -z "$latest" ]; then
  msg "up to date"
  exit 0
fi
[ "$CHECK_ONLY" = 1 ] && exit 0

notes=$(manifest_field notes_url)
[ -n "$notes" ] && wget -q -O "$STATE_DIR/RELEASE_NOTES.txt" "$notes"

run_post_install || exit 1
echo "$latest" > "$STATE_DIR/last_update"
restart_viewer
msg "update to $latest complete"
