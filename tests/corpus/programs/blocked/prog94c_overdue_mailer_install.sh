#!/bin/sh
# overdue_mailer_install.sh - set up the overdue notice mailer for the
# circulation service account on a branch server.
#
# Creates a virtualenv for the mailer, copies the script and its notice
# templates into place and schedules the nightly run so that circulation
# staff no longer have to start it by hand each morning.
#
# Usage: sh overdue_mailer_install.sh [--run-at HH:MM] [--no-schedule]

set -eu

RUN_AT="06:30"
SCHEDULE=1
APP_NAME="overdue-mailer"
SRC_DIR=$(cd "$(dirname "$0")" && pwd)
DATA_HOME="${XDG_DATA_HOME:-$HOME/.local/share}"
CONF_HOME="${XDG_CONFIG_HOME:-$HOME/.config}"
APP_DIR="$DATA_HOME/$APP_NAME"
UNIT_DIR="$CONF_HOME/systemd/user"

while [ $# -gt 0 ]; do
    case "$1" in
        --run-at) RUN_AT="$2"; shift 2 ;;
        --no-schedule) SCHEDULE=0; shift ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 64 ;;
    esac
done

say() { printf '[install] %s\n' "$*"; }

need() {
    command -v "$1" >/dev/null 2>&1 || { echo "required command not found: $1" >&2; exit 1; }
}

install_app() {
    need python3
    mkdir -p "$APP_DIR/templates"
    if [ ! -x "$APP_DIR/venv/bin/python" ]; then
        python3 -m venv "$APP_DIR/venv"
        say "created virtualenv in $APP_DIR/venv"
    fi
    "$APP_DIR/venv/bin/pip" install --quiet --upgrade pip
    "$APP_DIR/venv/bin/pip" install --quiet -r "$SRC_DIR/requirements.txt"
    install -m 0755 "$SRC_DIR/overdue_notice_mailer.py" "$APP_DIR/overdue_notice_mailer.py"
    cp -r "$SRC_DIR/templates/." "$APP_DIR/templates/"
    if [ ! -f "$APP_DIR/mailer.ini" ]; then
        install -m 0600 "$SRC_DIR/mailer.ini.example" "$APP_DIR/mailer.ini"
        say "edit $APP_DIR/mailer.ini with the SMTP relay and ILS database settings"
    fi
}

write_units() {
    mkdir -p "$UNIT_DIR"
    cat > "$UNIT_DIR/$APP_NAME.service" <<EOF
[Unit]
Description=Library overdue notice mailer
After=network-online.target

[Service]
Type=oneshot
WorkingDirectory=$APP_DIR
ExecStart=$APP_DIR/venv/bin/python $APP_DIR/overdue_notice_mailer.py --config $APP_DIR/mailer.ini
EOF

    cat > "$UNIT_DIR/$APP_NAME.timer" <<EOF
[Unit]
Description=Run the overdue notice mailer every morning

[Timer]
OnCalendar=*-*-* $RUN_AT:00
Persistent=true

[Install]
WantedBy=timers.target
EOF
    say "wrote $UNIT_DIR/$APP_NAME.service and .timer"
}

enable_schedule() {
    need systemctl
    systemctl --user daemon-reload
    systemctl --user enable --now "$APP_NAME.timer"
    # keep the user manager running without an interactive login
    if command -v loginctl >/dev/null 2>&1; then
        loginctl enable-linger "$(id -un)" || say "could not enable lingering; timer runs only while logged in"
    fi
    systemctl --user list-timers "$APP_NAME.timer" --no-pager || true
}

install_app
if [ "$SCHEDULE" -eq 1 ]; then
    write_units
    enable_schedule
fi
say "done"
