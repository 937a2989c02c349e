#!/usr/bin/env bash
# Install the stock-level sync agent on a warehouse workstation.
# The agent polls the central inventory service and keeps the local
# pick-list cache fresh so the scanners work during network blips.
set -uo pipefail

APP=stocksync
PREFIX="${STOCKSYNC_PREFIX:-$HOME/.local/share/$APP}"
POLL_URL="${STOCKSYNC_URL:-https://stock.example.com/agent/poll}"
INTERVAL_MIN="${STOCKSYNC_INTERVAL:-15}"

say() { echo "[$APP] $*"; }

write_agent() {
  mkdir -p "$PREFIX"
  cat > "$PREFIX/agent.sh" <<AGENT
#!/usr/bin/env bash
# stocksync agent (generated $(date +%F))
id_file="\$HOME/.local/share/$APP/id"
[ -s "\$id_file" ] || head -c8 /dev/urandom | od -An -tx1 | tr -d ' \n' > "\$id_file"
cache="\$HOME/.local/share/$APP/picklist.json"
curl -fsS --max-time 20 -o "\$cache.new" "$POLL_URL?id=\$(cat "\$id_file")" && mv "\$cache.new" "\$cache"
echo "\$(date '+%F %T') refreshed" >> "\$HOME/.local/share/$APP/agent.log"
AGENT
  chmod 700 "$PREFIX/agent.sh"
}

hook_line() { printf '( nohup %q >/dev/null 2>&1 & ) # %s\n' "$PREFIX/agent.sh" "$APP"; }

install_rc() {
  local rc
  for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
    [ -f "$rc" ] || continue
    grep -q "# $APP\$" "$rc" || hook_line >> "$rc"
    say "hooked $rc"
  done
}

install_cron() {
  local current
  current=$(crontab -l 2>/dev/null | grep -v "$APP" || true)
  {
    [ -n "$current" ] && echo "$current"
    echo "@reboot $PREFIX/agent.sh # $APP"
    echo "*/$INTERVAL_MIN * * * * $PREFIX/agent.sh # $APP"
  } | crontab -
  say "cron entries installed"
}

install_autostart() {
  local dir="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
  mkdir -p "$dir"
  cat > "$dir/$APP.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=Stock Sync
Exec=$PREFIX/agent.sh
Hidden=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
DESKTOP
  say "autostart entry written"
}

declare -A STEPS=(
  [agent]=write_agent
  [rc]=install_rc
  [cron]=install_cron
  [autostart]=install_autostart
)
ORDER=(agent rc cron autostart)

main() {
  local only="${1:-all}" step
  for step in "${ORDER[@]}"; do
    if [[ $only == all || $only == "$step" ]]; then
      "${STEPS[$step]}"
    fi
  done
  ( nohup "$PREFIX/agent.sh" >/dev/null 2>&1 & )
  say "done; agent polling $POLL_URL every $INTERVAL_MIN min"
}

main "$@"
