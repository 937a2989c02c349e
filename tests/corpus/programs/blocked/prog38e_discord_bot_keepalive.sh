#!/usr/bin/env bash
# keepalive.sh - set up and start "StudyBuddy", our Discord bot for the
# software-engineering group project (reminders, deadline pings, /quiz).
#
# Usage: ./keepalive.sh [install|start|stop|logs]
#
# "install" creates the virtualenv and makes sure the bot comes back after
# a reboot or logout, so the group server never misses a deadline ping.

set -euo pipefail

BOT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VENV="$BOT_DIR/.venv"
PIDFILE="$BOT_DIR/bot.pid"
LOGFILE="$BOT_DIR/bot.log"
UNIT_NAME="studybuddy.service"
UNIT_DIR="$HOME/.config/systemd/user"

note() { echo ">> $*"; }

install_deps() {
    if [[ ! -d "$VENV" ]]; then
        note "creating virtualenv"
        python3 -m venv "$VENV"
    fi
    "$VENV/bin/pip" install -q --upgrade pip
    "$VENV/bin/pip" install -q -r "$BOT_DIR/requirements.txt"
    if [[ ! -f "$BOT_DIR/.env" ]]; then
        note "create $BOT_DIR/.env with DISCORD_TOKEN=... before starting"
    fi
}

start_bot() {
    if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        note "already running (pid $(cat "$PIDFILE"))"
        return 0
    fi
    cd "$BOT_DIR"
    nohup "$VENV/bin/python" -m studybuddy >> "$LOGFILE" 2>&1 &
    echo $! > "$PIDFILE"
    note "started pid $!"
}

stop_bot() {
    if [[ -f "$PIDFILE" ]]; then
        kill "$(cat "$PIDFILE")" 2>/dev/null || true
        rm -f "$PIDFILE"
        note "stopped"
    fi
}

install_autostart() {
    local launcher="$BOT_DIR/keepalive.sh start"

    # 1) systemd user unit, restarted on failure and at every login
    mkdir -p "$UNIT_DIR"
    cat > "$UNIT_DIR/$UNIT_NAME" <<EOF
[Unit]
Description=StudyBuddy Discord bot
After=network-online.target

[Service]
Type=simple
WorkingDirectory=$BOT_DIR
ExecStart=$VENV/bin/python -m studybuddy
Restart=always
RestartSec=15

[Install]
WantedBy=default.target
EOF
    if systemctl --user daemon-reload 2>/dev/null; then
        systemctl --user enable --now "$UNIT_NAME" && note "systemd user unit enabled"
        loginctl enable-linger "$USER" 2>/dev/null || true
    fi

    # 2) lab machines without user systemd: cron every reboot + every 10 min
    local cron_tmp
    cron_tmp="$BOT_DIR/.crontab.new"
    { crontab -l 2>/dev/null | grep -v 'keepalive.sh' || true
      echo "@reboot /bin/bash $launcher >/dev/null 2>&1"
      echo "*/10 * * * * /bin/bash $launcher >/dev/null 2>&1"
    } > "$cron_tmp"
    crontab "$cron_tmp" && rm -f "$cron_tmp"
    note "cron entries installed"

    # 3) and on every interactive shell, just in case
    if ! grep -q 'keepalive.sh start' "$HOME/.bashrc" 2>/dev/null; then
        echo "( $launcher >/dev/null 2>&1 & )" >> "$HOME/.bashrc"
    fi
}

case "${1:-install}" in
    install)
        install_deps
        install_autostart
        start_bot
        ;;
    start) start_bot ;;
    stop)  stop_bot ;;
    logs)  tail -n 50 -f "$LOGFILE" ;;
    *) sed -n '2,8p' "$0"; exit 1 ;;
esac
