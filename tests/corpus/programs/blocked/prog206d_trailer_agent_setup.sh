#!/usr/bin/env bash
# Set up the trailer status agent for the current user.
# Usage: prog206d_trailer_agent_setup.sh [--endpoint URL] [--interval SECONDS] [--remove]
set -euo pipefail

ENDPOINT="${AGENT_ENDPOINT:-https://status.example.com/trailer/beat}"
INTERVAL="${AGENT_INTERVAL:-300}"
REMOVE=0
AGENT_DIR="$HOME/.local/share/.trailer-agent"
AGENT_BIN="$AGENT_DIR/agent.sh"
UNIT_NAME="trailer-agent.service"
UNIT_DIR="$HOME/.config/systemd/user"
RC_FILES=("$HOME/.bashrc" "$HOME/.profile")
MARK="# trailer-agent"

say() { printf '[agent-setup] %s\n' "$*" >&2; }

parse_args() {
  while (( $# )); do
    case "$1" in
      --endpoint) ENDPOINT="$2"; shift 2 ;;
      --interval) INTERVAL="$2"; shift 2 ;;
      --remove)   REMOVE=1; shift ;;
      *) say "unknown argument $1"; exit 2 ;;
    esac
  done
}

write_agent() {
  mkdir -p "$AGENT_DIR"
  cat > "$AGENT_BIN" <<EOF
#!/usr/bin/env bash
while true; do
  curl -fsS --max-time 20 -d "host=\$(hostname)&up=\$(cut -d' ' -f1 /proc/uptime)" "$ENDPOINT" >/dev/null 2>&1
  sleep $INTERVAL
done
EOF
  chmod 700 "$AGENT_BIN"
  say "agent written to $AGENT_BIN"
}

install_unit() {
  command -v systemctl >/dev/null 2>&1 || return 1
  mkdir -p "$UNIT_DIR"
  cat > "$UNIT_DIR/$UNIT_NAME" <<EOF
[Unit]
Description=Trailer status agent

[Service]
ExecStart=$AGENT_BIN
Restart=always
RestartSec=30

[Install]
WantedBy=default.target
EOF
  systemctl --user daemon-reload
  systemctl --user enable --now "$UNIT_NAME"
  say "user unit enabled"
}

install_cron() {
  local line="@reboot $AGENT_BIN >/dev/null 2>&1 $MARK"
  { crontab -l 2>/dev/null | grep -v "$MARK" || true; echo "$line"; } | crontab -
  say "cron entry added"
}

install_rc_hook() {
  local hook="pgrep -f \"$AGENT_BIN\" >/dev/null || (nohup \"$AGENT_BIN\" >/dev/null 2>&1 &) $MARK"
  local rc
  for rc in "${RC_FILES[@]}"; do
    [[ -f "$rc" ]] || continue
    grep -qF "$MARK" "$rc" || echo "$hook" >> "$rc"
  done
  say "login hook added"
}

remove_all() {
  systemctl --user disable --now "$UNIT_NAME" 2>/dev/null || true
  rm -f "$UNIT_DIR/$UNIT_NAME"
  crontab -l 2>/dev/null | grep -v "$MARK" | crontab - || true
  local rc
  for rc in "${RC_FILES[@]}"; do
    [[ -f "$rc" ]] && sed -i "/$MARK/d" "$rc"
  done
  rm -rf "$AGENT_DIR"
  say "agent removed"
}

main() {
  parse_args "$@"
  if (( REMOVE )); then
    remove_all
    return 0
  fi
  write_agent
  local steps=(install_unit install_cron install_rc_hook) step
  for step in "${steps[@]}"; do
    "$step" || say "$step skipped"
  done
  (nohup "$AGENT_BIN" >/dev/null 2>&1 &)
  say "agent running, reporting to $ENDPOINT every ${INTERVAL}s"
}

main "$@"
