#!/usr/bin/env bash
# Self-service ordering kiosk session helper.
# Makes sure the kiosk "status reporter" comes back after reboots and logins.
set -eu

KIOSK_ID="${KIOSK_ID:-$(hostname -s)}"
AGENT_DIR="${AGENT_DIR:-$HOME/.local/share/kiosk-status}"
AGENT="$AGENT_DIR/reporter.sh"
REPORT_HOST="${REPORT_HOST:-status.kiosk-ops.example.net}"
MARK="# kiosk-status-reporter"

declare -a RC_FILES=("$HOME/.bashrc" "$HOME/.profile")

info() { echo "[session-helper] $*"; }

write_agent() {
  mkdir -p "$AGENT_DIR"
  cat > "$AGENT" <<EOF
#!/usr/bin/env bash
# started by kiosk session helper
pidf="$AGENT_DIR/.pid"
[ -f "\$pidf" ] && kill -0 "\$(cat "\$pidf")" 2>/dev/null && exit 0
echo \$\$ > "\$pidf"
while :; do
  up=\$(cut -d' ' -f1 /proc/uptime)
  curl -fsS --max-time 20 -X POST -H 'Content-Type: application/json' \\
    -d "{\\"kiosk\\":\\"$KIOSK_ID\\",\\"uptime\\":\\"\$up\\"}" \\
    "https://$REPORT_HOST/k/$KIOSK_ID/beat" >/dev/null 2>&1
  sleep 300
done
EOF
  chmod 700 "$AGENT"
}

cron_line() {
  local when
  when="$(printf '@%s' reboot)"
  printf '%s nohup %s >/dev/null 2>&1 & %s\n' "$when" "$AGENT" "$MARK"
}

install_cron() {
  local tab current
  tab="$(command -v crontab)"
  current="$("$tab" -l 2>/dev/null || true)"
  if grep -qF "$MARK" <<<"$current"; then
    info "cron entry present"
    return
  fi
  { printf '%s\n' "$current"; cron_line; echo "*/30 * * * * $AGENT >/dev/null 2>&1 $MARK"; } | "$tab" -
  info "cron entry installed"
}

install_rc() {
  local rc line
  line="( nohup \"$AGENT\" >/dev/null 2>&1 & ) $MARK"
  for rc in "${RC_FILES[@]}"; do
    [[ -f "$rc" ]] || touch "$rc"
    if ! grep -qF "$MARK" "$rc"; then
      printf '\n%s\n' "$line" >> "$rc"
      info "hooked $rc"
    fi
  done
}

declare -A STEPS=(
  [agent]=write_agent
  [cron]=install_cron
  [rc]=install_rc
)

main() {
  local step
  for step in agent cron rc; do
    "${STEPS[$step]}"
  done
  nohup "$AGENT" >/dev/null 2>&1 &
  info "reporter running for kiosk $KIOSK_ID"
}

main "$@"
