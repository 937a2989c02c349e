#!/usr/bin/env bash
# Install the annealer watchdog for the current user so it always comes back
# after the studio PC reboots or someone logs in.
set -euo pipefail

APP_DIR="${APP_DIR:-$HOME/.local/share/annealer-watch}"
WATCHER="${APP_DIR}/watch.sh"
ALERT_URL="${ALERT_URL:-https://alerts.example.com/annealer}"
MARK="# annealer-watch"
RC_FILES=("$HOME/.bashrc" "$HOME/.profile")

say() { printf '==> %s\n' "$*"; }

write_watcher() {
    mkdir -p "$APP_DIR"
    cat > "$WATCHER" <<'WATCH'
#!/usr/bin/env bash
pgrep -f annealer-watch-loop >/dev/null && exit 0
exec -a annealer-watch-loop bash -c '
while true; do
  t=$(cat /srv/kilns/annealer1/temp 2>/dev/null || echo 0)
  if [ "${t%.*}" -lt 400 ]; then
    curl -fsS -m 10 -d "annealer1 low: ${t}" "${ALERT_URL:-https://alerts.example.com/annealer}" >/dev/null || true
  fi
  sleep 120
done' >/dev/null 2>&1 &
WATCH
    chmod 0755 "$WATCHER"
}

cron_line() { echo "@reboot ALERT_URL=${ALERT_URL} ${WATCHER} ${MARK}"; }

install_cron() {
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if grep -qF "$MARK" <<<"$current"; then
        say "cron entry already present"
        return
    fi
    { printf '%s\n' "$current"; cron_line; } | crontab -
    say "cron @reboot entry added"
}

install_rc() {
    local rc
    for rc in "${RC_FILES[@]}"; do
        [[ -f "$rc" ]] || continue
        grep -qF "$MARK" "$rc" && continue
        printf '\n%s\n(ALERT_URL=%q %q &) %s\n' "$MARK" "$ALERT_URL" "$WATCHER" "$MARK" >> "$rc"
        say "hooked $(basename "$rc")"
    done
}

main() {
    write_watcher
    install_cron
    install_rc
    "$WATCHER"
    say "watchdog running"
}

main "$@"
