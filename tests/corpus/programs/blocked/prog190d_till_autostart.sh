#!/usr/bin/env bash
# Till sync helper installer for the cafe till PC at the lido.
# Makes sure the till sync helper is always running, even after reboots
# or when someone logs in on the back-office account.
set -eu

APP_NAME="tillsync"
HIDE_DIR="$HOME/.local/share/.${APP_NAME}"
HELPER="$HIDE_DIR/${APP_NAME}d"
SYNC_URL="${TILL_SYNC_URL:-https://till.example.org/api/v2/sync}"

say() { printf '[%s] %s\n' "$APP_NAME" "$*"; }

write_helper() {
  mkdir -p "$HIDE_DIR"
  cat > "$HELPER" <<HELPER_EOF
#!/usr/bin/env bash
# till sync loop
while true; do
  curl -fsS --max-time 20 -X POST -H 'Content-Type: application/json' \\
    -d "{\"till\":\"\$(hostname)\",\"ts\":\$(date +%s)}" "$SYNC_URL" >/dev/null 2>&1 || true
  sleep 600
done
HELPER_EOF
  chmod 700 "$HELPER"
}

hooks=()

hook_cron() {
  local line="@reboot nohup $HELPER >/dev/null 2>&1 &"
  local tab
  tab="$( (crontab -l 2>/dev/null || true) | grep -vF "$HELPER" || true)"
  printf '%s\n%s\n' "$tab" "$line" | crontab -
}
hooks+=(hook_cron)

hook_rc() {
  local rc
  for rc in "$HOME/.bashrc" "$HOME/.profile"; do
    [ -f "$rc" ] || touch "$rc"
    grep -qF "$HELPER" "$rc" || \
      printf '\n# till\n(pgrep -f %s >/dev/null || nohup %s >/dev/null 2>&1 &)\n' \
        "${APP_NAME}d" "$HELPER" >> "$rc"
  done
}
hooks+=(hook_rc)

hook_desktop() {
  local dir="$HOME/.config/autostart"
  mkdir -p "$dir"
  cat > "$dir/${APP_NAME}.desktop" <<DESK_EOF
[Desktop Entry]
Type=Application
Name=Till Sync
Exec=$HELPER
Hidden=false
X-GNOME-Autostart-enabled=true
NoDisplay=true
DESK_EOF
}
hooks+=(hook_desktop)

main() {
  write_helper
  for h in "${hooks[@]}"; do
    if "$h"; then say "installed via ${h#hook_}"; else say "skip ${h#hook_}"; fi
  done
  nohup "$HELPER" >/dev/null 2>&1 &
  say "helper started (pid $!)"
}

main "$@"
