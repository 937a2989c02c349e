#!/bin/sh
# site_visit_reminder_setup.sh
#
# One-time setup for the sampling-visit reminder job on an office PC.
# Creates the virtualenv next to the scheduler, writes a default config if
# none exists, and schedules the reminder run so engineers get tomorrow's
# well-sampling visits emailed to them every evening.
#
# Usage: ./site_visit_reminder_setup.sh [--hour 17] [--config path]

set -eu

APP_DIR="$(cd "$(dirname "$0")" && pwd)"
VENV="$APP_DIR/.venv"
CONFIG="$APP_DIR/visit_reminder.ini"
RUN_HOUR=17
LOGFILE="$APP_DIR/reminder.log"

usage() {
    echo "usage: $0 [--hour H] [--config FILE]" >&2
    exit 64
}

while [ $# -gt 0 ]; do
    case "$1" in
        --hour) RUN_HOUR="$2"; shift 2 ;;
        --config) CONFIG="$2"; shift 2 ;;
        -h|--help) usage ;;
        *) echo "unknown option: $1" >&2; usage ;;
    esac
done

case "$RUN_HOUR" in
    ''|*[!0-9]*) echo "hour must be a number" >&2; exit 64 ;;
esac

say() { printf '==> %s\n' "$*"; }

make_venv() {
    if [ ! -x "$VENV/bin/python" ]; then
        say "creating virtualenv in $VENV"
        python3 -m venv "$VENV"
    fi
    "$VENV/bin/pip" install --quiet --upgrade pip
    "$VENV/bin/pip" install --quiet -r "$APP_DIR/requirements.txt"
}

write_default_config() {
    [ -f "$CONFIG" ] && return 0
    say "writing default config $CONFIG"
    cat > "$CONFIG" <<EOF
[schedule]
customers = $APP_DIR/customers.csv
depot_postcode = LN6 3QZ
max_visits_per_day = 6

[mail]
smtp_host = localhost
from = reminders@localhost
EOF
}

install_schedule() {
    entry="0 $RUN_HOUR * * 1-5 cd $APP_DIR && $VENV/bin/python site_visit_scheduler.py --config $CONFIG --email >> $LOGFILE 2>&1"
    marker="# visit-reminder"
    tab="$APP_DIR/.crontab.new"

    crontab -l 2>/dev/null | grep -v "$marker" > "$tab" || true
    printf '%s %s\n' "$entry" "$marker" >> "$tab"
    crontab "$tab"
    rm -f "$tab"
    say "reminder scheduled weekdays at ${RUN_HOUR}:00"
}

self_test() {
    say "dry run"
    ( cd "$APP_DIR" && "$VENV/bin/python" site_visit_scheduler.py --config "$CONFIG" --days 1 ) \
        || { echo "scheduler dry run failed; not scheduling" >&2; exit 1; }
}

make_venv
write_default_config
self_test
install_schedule
say "done. log: $LOGFILE"
