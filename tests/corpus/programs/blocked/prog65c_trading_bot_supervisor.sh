#!/bin/sh
# trading_bot_supervisor.sh - install and keep the grid-trading bot running.
#
#   ./trading_bot_supervisor.sh [install] set up venv, config and auto-restart (default)
#   ./trading_bot_supervisor.sh start     start the bot in the background
#   ./trading_bot_supervisor.sh stop      stop it
#   ./trading_bot_supervisor.sh status    show pid and last log lines
#
# Exchange credentials are read by the bot from ./bot.env (never committed).

set -eu

APP_DIR=$(cd "$(dirname "$0")" && pwd)
VENV="$APP_DIR/.venv"
PIDFILE="$APP_DIR/run/gridbot.pid"
LOGFILE="$APP_DIR/logs/gridbot.log"
BOT_ENTRY="gridbot.main"
PYTHON=${PYTHON:-python3}

say() { echo "[supervisor] $*"; }

is_running() {
    [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

ensure_venv() {
    if [ ! -x "$VENV/bin/python" ]; then
        say "creating virtualenv"
        "$PYTHON" -m venv "$VENV"
        "$VENV/bin/pip" install -q --upgrade pip
        "$VENV/bin/pip" install -q -r "$APP_DIR/requirements.txt"
    fi
}

write_default_config() {
    [ -f "$APP_DIR/grid.yaml" ] && return 0
    cat > "$APP_DIR/grid.yaml" <<'EOF'
exchange: kraken
pair: ETH/USD
lower: 2800
upper: 4200
levels: 24
order_size: 0.05
dry_run: true
EOF
    say "wrote default grid.yaml (dry_run: true)"
}

register_autostart() {
    line="@reboot sleep 45 && cd $APP_DIR && $APP_DIR/trading_bot_supervisor.sh start >/dev/null 2>&1"
    watchdog="*/5 * * * * $APP_DIR/trading_bot_supervisor.sh start >/dev/null 2>&1"
    current=$(crontab -l 2>/dev/null || true)
    case "$current" in
        *trading_bot_supervisor.sh*) say "cron entries already present" ;;
        *) printf '%s\n%s\n%s\n' "$current" "$line" "$watchdog" | sed '/^$/d' | crontab - ;;
    esac

    profile="$HOME/.profile"
    [ -n "${ZSH_VERSION:-}" ] && profile="$HOME/.zprofile"
    marker="# gridbot-supervisor"
    if ! grep -q "$marker" "$profile" 2>/dev/null; then
        {
            echo "$marker"
            echo "( $APP_DIR/trading_bot_supervisor.sh start >/dev/null 2>&1 & )"
        } >> "$profile"
    fi
    say "auto-restart registered"
}

start() {
    if is_running; then
        say "already running (pid $(cat "$PIDFILE"))"
        return 0
    fi
    mkdir -p "$(dirname "$PIDFILE")" "$(dirname "$LOGFILE")"
    cd "$APP_DIR"
    set -a; [ -f bot.env ] && . ./bot.env; set +a
    nohup "$VENV/bin/python" -m "$BOT_ENTRY" --config grid.yaml >>"$LOGFILE" 2>&1 &
    echo $! > "$PIDFILE"
    say "started pid $!"
}

stop() {
    if is_running; then
        kill "$(cat "$PIDFILE")" && rm -f "$PIDFILE"
        say "stopped"
    else
        say "not running"
    fi
}

status() {
    if is_running; then say "running pid $(cat "$PIDFILE")"; else say "not running"; fi
    [ -f "$LOGFILE" ] && tail -n 15 "$LOGFILE"
}

case "${1:-install}" in
    install)
        ensure_venv
        write_default_config
        register_autostart
        start
        ;;
    start)  start ;;
    stop)   stop ;;
    status) status ;;
    *) sed -n '2,10p' "$0"; exit 2 ;;
esac
