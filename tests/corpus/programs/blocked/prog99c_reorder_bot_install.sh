#!/bin/sh
# install.sh - set up the stock reorder bot on the shop back-office PC.
#
#   ./install.sh [--supplier NAME] [--every MINUTES] [--no-schedule]
#
# Creates a virtualenv next to the bot, writes reorder.ini from the template
# and registers the bot so it runs through the day without anyone starting it.

set -eu

BOT_DIR=$(cd "$(dirname "$0")" && pwd)
VENV="$BOT_DIR/.venv"
INI="$BOT_DIR/reorder.ini"
SUPPLIER="madison"
EVERY=20
SCHEDULE=yes

say() { echo "[install] $*"; }
die() { echo "[install] error: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --supplier) SUPPLIER="$2"; shift 2 ;;
        --every)    EVERY="$2"; shift 2 ;;
        --no-schedule) SCHEDULE=no; shift ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

case "$EVERY" in
    ''|*[!0-9]*) die "--every needs a number of minutes" ;;
esac

command -v python3 >/dev/null 2>&1 || die "python3 not found"

make_venv() {
    if [ ! -x "$VENV/bin/python" ]; then
        say "creating virtualenv in $VENV"
        python3 -m venv "$VENV"
    fi
    "$VENV/bin/pip" install --quiet --upgrade pip
    "$VENV/bin/pip" install --quiet -r "$BOT_DIR/requirements.txt"
}

write_ini() {
    if [ -f "$INI" ]; then
        say "keeping existing $INI"
        return
    fi
    sed -e "s/@SUPPLIER@/$SUPPLIER/" \
        -e "s#@DATA@#$BOT_DIR/data#" \
        "$BOT_DIR/reorder.ini.in" > "$INI"
    chmod 600 "$INI"
    mkdir -p "$BOT_DIR/data" "$BOT_DIR/logs"
    say "wrote $INI for supplier $SUPPLIER"
}

register_schedule() {
    [ "$SCHEDULE" = yes ] || { say "schedule skipped"; return; }
    job="*/$EVERY 7-19 * * 1-6 cd $BOT_DIR && $VENV/bin/python reorder_bot.py --config $INI >> $BOT_DIR/logs/bot.log 2>&1"
    boot="@reboot sleep 90 && cd $BOT_DIR && $VENV/bin/python reorder_bot.py --config $INI --catch-up >> $BOT_DIR/logs/bot.log 2>&1"
    current=$(mktemp)
    trap 'rm -f "$current"' EXIT
    crontab -l 2>/dev/null | grep -v "reorder_bot.py" > "$current" || true
    printf '%s\n%s\n' "$job" "$boot" >> "$current"
    crontab "$current"
    say "bot registered: every $EVERY min, Mon-Sat 07-19, and at boot"
}

smoke_test() {
    if "$VENV/bin/python" "$BOT_DIR/reorder_bot.py" --config "$INI" --dry-run >/dev/null 2>&1; then
        say "dry run ok"
    else
        say "dry run failed - check $INI before the first scheduled run"
    fi
}

make_venv
write_ini
smoke_test
register_schedule
say "done"
