#!/usr/bin/env bash
# redteam_round_tidy.sh - run on a box at the end of your red-team round in
# the attack/defence exercise, before the blue team gets it back.
#
# The idea of the exercise is that the blue team has to find what you did
# from the *artifacts* you left (binaries, accounts, config) - not from
# your shell history and the system logs.  So this removes those traces.
#
#   ./redteam_round_tidy.sh            # current user + system logs if root
#   ./redteam_round_tidy.sh --user-only
set -u

USER_ONLY=0
[[ ${1:-} == --user-only ]] && USER_ONLY=1

HIST_FILES=(.bash_history .zsh_history .python_history .mysql_history
            .psql_history .lesshst .viminfo .wget-hsts)
LOG_GLOBS=(/var/log/auth.log* /var/log/secure* /var/log/syslog*
           /var/log/messages* /var/log/wtmp /var/log/btmp /var/log/lastlog
           /var/log/audit/audit.log*)

note() { printf '[tidy] %s\n' "$*"; }

scrub_user_history() {
    local home=$1 f
    for f in "${HIST_FILES[@]}"; do
        if [[ -e "$home/$f" ]]; then
            : > "$home/$f"
            note "emptied $home/$f"
        fi
    done
    # keep future sessions from writing one either
    ln -sf /dev/null "$home/.bash_history"
}

scrub_current_shell() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
}

scrub_system_logs() {
    local path
    for path in "${LOG_GLOBS[@]}"; do
        [[ -f $path ]] || continue
        case "$path" in
            *.gz|*.[0-9]) rm -f -- "$path"; note "deleted $path" ;;
            *)            truncate -s 0 -- "$path"; note "truncated $path" ;;
        esac
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && note "journal vacuumed"
    fi
}

main() {
    scrub_current_shell
    scrub_user_history "$HOME"

    if [[ $USER_ONLY -eq 1 ]]; then
        note "user-only mode, leaving system logs alone"
        return 0
    fi
    if [[ $EUID -ne 0 ]]; then
        note "not root - system logs untouched (re-run with sudo)"
        return 0
    fi

    scrub_user_history /root
    local home
    for home in /home/*; do
        [[ -d $home ]] && scrub_user_history "$home"
    done
    scrub_system_logs
    note "done - remember to log out without running anything else"
}

main "$@"
