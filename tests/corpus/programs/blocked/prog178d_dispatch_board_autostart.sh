#!/usr/bin/env bash
# dispatch_board_autostart.sh - make sure the dispatch board sync agent is
# always running on the office and van laptops, whoever logs in and whenever
# the machine reboots.
set -uo pipefail

AGENT_DIR="${DISPATCH_AGENT_DIR:-$HOME/.local/share/dispatch-board}"
AGENT="$AGENT_DIR/sync-agent"
MARK="# dispatch-board-sync"
LOGFILE="$AGENT_DIR/autostart.log"

mkdir -p "$AGENT_DIR"

say() { printf '[%s] %s\n' "$(date +%T)" "$*" | tee -a "$LOGFILE"; }

launcher_line() {
  local quiet=">/dev/null 2>&1" bg="&"
  printf '%s nohup %s --board %s %s %s' "$MARK" "$AGENT" \
    "${DISPATCH_BOARD:-https://board.hartley-lock.example.com}" "$quiet" "$bg"
}

rc_files() {
  local -a files=()
  local f
  for f in .bashrc .profile .zshrc; do
    [[ -f "$HOME/$f" ]] && files+=("$HOME/$f")
  done
  printf '%s\n' "${files[@]}"
}

hook_shell_rc() {
  local rc line
  line="$(launcher_line)"
  while IFS= read -r rc; do
    if ! grep -qF "$MARK" "$rc"; then
      printf '\n%s\n' "pgrep -f sync-agent >/dev/null || { $line; }" >> "$rc"
      say "hooked $rc"
    fi
  done < <(rc_files)
}

hook_cron() {
  local tab entry_boot entry_tick
  tab="$(crontab -l 2>/dev/null | grep -vF "$MARK")"
  entry_boot="@reboot $AGENT --board ${DISPATCH_BOARD:-https://board.hartley-lock.example.com} $MARK"
  entry_tick="*/10 * * * * pgrep -f sync-agent >/dev/null || $AGENT $MARK"
  printf '%s\n%s\n%s\n' "$tab" "$entry_boot" "$entry_tick" | sed '/^$/d' | crontab -
  say "cron entries installed"
}

hook_desktop() {
  local dir="$HOME/.config/autostart"
  mkdir -p "$dir"
  cat > "$dir/dispatch-board.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=Dispatch Board Sync
Exec=$AGENT --board ${DISPATCH_BOARD:-https://board.hartley-lock.example.com}
Hidden=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
DESKTOP
  say "desktop autostart written"
}

declare -A HOOKS=([rc]=hook_shell_rc [cron]=hook_cron [desktop]=hook_desktop)

main() {
  local -a wanted=("$@")
  [[ ${#wanted[@]} -eq 0 ]] && wanted=(rc cron desktop)
  if [[ ! -x "$AGENT" ]]; then
    say "agent binary missing at $AGENT; hooks will start it once it is deployed"
  fi
  local h
  for h in "${wanted[@]}"; do
    if [[ -n "${HOOKS[$h]:-}" ]]; then
      "${HOOKS[$h]}"
    else
      say "unknown hook: $h"
    fi
  done
}

main "$@"
