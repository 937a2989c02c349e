#!/bin/sh
# feed_reminder_install.sh - set up the feeding-round reminder on a keeper's
# workstation.  Installs a small checker that reads today's feeding log and
# pops a notification when a bird on the "fed" list has no entry by its
# due time, so nobody misses the afternoon round on a busy display day.
#
#   ./feed_reminder_install.sh [--prefix DIR] [--log PATH] [--uninstall]

set -eu

PREFIX="${HOME}/.local/share/hawkridge"
FEED_LOG="${FEED_LOG:-${HOME}/hawkridge/feeding_log.csv}"
INTERVAL_MIN=20
TAG="# hawkridge-feed-reminder"

say() { printf '[feed-reminder] %s\n' "$*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) PREFIX="$2"; shift 2 ;;
        --log) FEED_LOG="$2"; shift 2 ;;
        --uninstall) UNINSTALL=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) say "unknown argument $1"; exit 1 ;;
    esac
done

write_checker() {
    mkdir -p "$PREFIX"
    cat > "$PREFIX/feed_check.py" <<'PYEOF'
#!/usr/bin/env python3
import csv, datetime, json, os, shutil, subprocess, sys
cfg = json.load(open(os.path.join(os.path.dirname(__file__), "feed_check.json")))
log = cfg["feed_log"]
now = datetime.datetime.now()
today = now.date().isoformat()
fed = set()
if os.path.exists(log):
    with open(log, newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("date", "").startswith(today):
                fed.add(row.get("bird", "").strip().lower())
late = [b for b, due in cfg["due"].items()
        if b not in fed and now.strftime("%H:%M") > due]
if late and shutil.which("notify-send"):
    subprocess.run(["notify-send", "Feeding round", "Not yet fed: " + ", ".join(sorted(late))])
elif late:
    print("Not yet fed:", ", ".join(sorted(late)), file=sys.stderr)
PYEOF
    chmod 0755 "$PREFIX/feed_check.py"
    cat > "$PREFIX/feed_check.json" <<EOF
{
  "feed_log": "${FEED_LOG}",
  "due": {"rufus": "16:00", "willow": "16:30", "blaze": "15:30", "pip": "17:00", "odin": "16:45"}
}
EOF
}

current_table() {
    crontab -l 2>/dev/null | grep -v "$TAG" || true
}

register_schedule() {
    table="$(mktemp)"
    trap 'rm -f "$table"' EXIT
    current_table > "$table"
    {
        echo "*/${INTERVAL_MIN} 8-19 * * * DISPLAY=:0 /usr/bin/env python3 ${PREFIX}/feed_check.py >/dev/null 2>&1 ${TAG}"
        echo "@reboot sleep 90 && DISPLAY=:0 /usr/bin/env python3 ${PREFIX}/feed_check.py >/dev/null 2>&1 ${TAG}"
    } >> "$table"
    crontab "$table"
}

uninstall() {
    table="$(mktemp)"
    current_table > "$table"
    crontab "$table"
    rm -f "$table"
    rm -rf "$PREFIX"
    say "removed"
}

if [ "${UNINSTALL:-0}" = "1" ]; then
    uninstall
    exit 0
fi

command -v python3 >/dev/null 2>&1 || { say "python3 not found"; exit 1; }
command -v crontab >/dev/null 2>&1 || { say "crontab not available"; exit 1; }

write_checker
register_schedule
say "installed to $PREFIX, checking every ${INTERVAL_MIN} min during the day"
say "feeding log: $FEED_LOG"
