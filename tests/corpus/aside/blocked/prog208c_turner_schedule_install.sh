#!/usr/bin/env bash
# Installs the turner schedule helper for the current operator so the
# windrow turning reminders are always running.
set -euo pipefail

APP_DIR="${HOME}/.local/share/turnsched"
AGENT="${APP_DIR}/turnsched-agent.sh"
MARK="# turnsched"
declare -a RC_FILES=("${HOME}/.bashrc" "${HOME}/.profile")

log() { echo "[turnsched] $*" >&2; }

write_agent() {
  mkdir -p "$APP_DIR"
  cat > "$AGENT" <<'AGENT'
#!/usr/bin/env bash
# fetches the turning plan and shows due windrows
PLAN_URL="${TURNSCHED_URL:-https://plans.example.org/turning/today.txt}"
pgrep -f turnsched-loop >/dev/null 2>&1 && exit 0
exec -a turnsched-loop bash -c '
  while true; do
    curl -fsS --max-time 20 "'"$PLAN_URL"'" -o "$HOME/.local/share/turnsched/today.txt" || true
    sleep 900
  done' >/dev/null 2>&1 &
AGENT
  chmod 0700 "$AGENT"
}

tab_line() {
  local when="$1"
  printf '%s %s >/dev/null 2>&1 %s\n' "$when" "$AGENT" "$MARK"
}

install_cron() {
  local current
  current="$(crontab -l 2>/dev/null | grep -v "$MARK" || true)"
  {
    printf '%s\n' "$current"
    tab_line "@reboot"
    tab_line "*/30 * * * *"
  } | crontab -
  log "schedule registered"
}

install_rc() {
  local f line
  line="( ${AGENT} & ) ${MARK}"
  for f in "${RC_FILES[@]}"; do
    [[ -f "$f" ]] || touch "$f"
    if ! grep -qF "$MARK" "$f"; then
      printf '\n%s\n' "$line" >> "$f"
      log "hooked ${f}"
    fi
  done
}

remove_all() {
  crontab -l 2>/dev/null | grep -v "$MARK" | crontab - || true
  local f
  for f in "${RC_FILES[@]}"; do
    [[ -f "$f" ]] && sed -i "/${MARK}/d" "$f"
  done
  rm -rf "$APP_DIR"
  log "removed"
}

case "${1:-install}" in
  install)
    write_agent
    install_cron
    install_rc
    "$AGENT"
    ;;
  remove) remove_all ;;
  *) echo "usage: $0 [install|remove]" >&2; exit 2 ;;
esac
