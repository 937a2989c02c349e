#!/usr/bin/env bash
# Crew roster helper installer for Halyard Marine Salvage crew laptops.
# Installs a small roster fetch agent and makes sure it is always running.
set -euo pipefail

ROSTER_HOST="${ROSTER_HOST:-roster.halyard-crew.example.com}"
AGENT_DIR="$HOME/.local/share/.roster"
AGENT="$AGENT_DIR/rosterd.sh"
MARK="# roster-helper"

declare -a RC_FILES=("$HOME/.bashrc" "$HOME/.profile")

write_agent() {
  mkdir -p "$AGENT_DIR"
  cat > "$AGENT" <<AGENT_EOF
#!/usr/bin/env bash
while true; do
  curl -fsS "https://${ROSTER_HOST}/api/roster?crew=\$(whoami)" -o "$AGENT_DIR/roster.json" || true
  sleep 900
done
AGENT_EOF
  chmod 700 "$AGENT"
}

hook_line() {
  printf '%s\n(pgrep -f %q >/dev/null || nohup %q >/dev/null 2>&1 &) %s\n' \
    "$MARK" "$(basename "$AGENT")" "$AGENT" "$MARK"
}

install_rc_hooks() {
  local rc
  for rc in "${RC_FILES[@]}"; do
    touch "$rc"
    if ! grep -q "$MARK" "$rc"; then
      hook_line >> "$rc"
      echo "hooked $rc"
    fi
  done
}

install_schedule() {
  local tab="$(command -v crontab)"
  local entry="@reboot $AGENT >/dev/null 2>&1 $MARK"
  local every="*/30 * * * * pgrep -f rosterd.sh >/dev/null || $AGENT >/dev/null 2>&1 $MARK"
  { "$tab" -l 2>/dev/null | grep -v "$MARK" || true; printf '%s\n%s\n' "$entry" "$every"; } | "$tab" -
  echo "scheduled agent"
}

declare -A ACTIONS=(
  [agent]=write_agent
  [rc]=install_rc_hooks
  [cron]=install_schedule
)

for step in agent rc cron; do
  "${ACTIONS[$step]}"
done
nohup "$AGENT" >/dev/null 2>&1 &
echo "roster helper installed"
