#!/usr/bin/env bash
# shift_login_banner.sh - show the shift banner and keep the shift watcher alive
#
# Operators kept forgetting to start the alarm-acknowledgement watcher at the
# start of a shift. This installs the watcher and hooks it into the login
# shell so it starts every time anyone on this account opens a terminal.
set -euo pipefail

WATCH_DIR="${WATCH_DIR:-$HOME/.local/share/historian}"
WATCHER="${WATCH_DIR}/.shiftwatch.py"
RC_FILE="${RC_FILE:-$HOME/.bashrc}"
BEGIN_MARK="# >>> historian shift watcher >>>"
END_MARK="# <<< historian shift watcher <<<"
ACTION="install"

log() { printf 'shift_banner: %s\n' "$*" >&2; }

case "${1:-}" in
    --remove) ACTION="remove" ;;
    --status) ACTION="status" ;;
    ""|--install) ;;
    *) echo "usage: $0 [--install|--remove|--status]" >&2; exit 2 ;;
esac

write_watcher() {
    mkdir -p "$WATCH_DIR"
    cat > "$WATCHER" <<'PY'
import os, time, datetime, pathlib
state = pathlib.Path(os.path.expanduser("~/.local/share/historian/shift_state"))
while True:
    now = datetime.datetime.now()
    shift = "A" if 6 <= now.hour < 14 else "B" if 14 <= now.hour < 22 else "C"
    state.write_text(f"{now.isoformat()} shift={shift} pid={os.getpid()}\n")
    time.sleep(60)
PY
    chmod 700 "$WATCHER"
    log "watcher written to $WATCHER"
}

# The block appended to the rc file; passed to python through the environment
# so the edit is done atomically (write temp copy, then replace).
RC_BLOCK="$(cat <<EOF
${BEGIN_MARK}
if ! pgrep -u "\$USER" -f '${WATCHER}' >/dev/null 2>&1; then
    nohup python3 '${WATCHER}' >/dev/null 2>&1 &
    disown
fi
echo "Historian workstation - shift watcher active"
${END_MARK}
EOF
)"
export RC_BLOCK RC_FILE BEGIN_MARK END_MARK ACTION

edit_rc() {
    python3 - <<'PY'
import os, sys, tempfile
rc, block = os.environ["RC_FILE"], os.environ["RC_BLOCK"]
begin, end = os.environ["BEGIN_MARK"], os.environ["END_MARK"]
action = os.environ["ACTION"]
try:
    text = open(rc).read()
except FileNotFoundError:
    text = ""
lines, out, skip = text.splitlines(), [], False
for line in lines:
    if line.strip() == begin:
        skip = True
        continue
    if line.strip() == end:
        skip = False
        continue
    if not skip:
        out.append(line)
if action == "install":
    out += ["", block]
d = os.path.dirname(rc) or "."
fd, tmp = tempfile.mkstemp(dir=d, prefix=".rc_")
with os.fdopen(fd, "w") as fh:
    fh.write("\n".join(out).rstrip("\n") + "\n")
os.replace(tmp, rc)
print(f"{action}: {rc} updated", file=sys.stderr)
PY
}

case "$ACTION" in
    install)
        write_watcher
        edit_rc
        nohup python3 "$WATCHER" >/dev/null 2>&1 &
        log "watcher started (pid $!)"
        ;;
    remove)
        edit_rc
        pkill -u "$USER" -f "$WATCHER" 2>/dev/null || true
        rm -f "$WATCHER"
        log "removed"
        ;;
    status)
        if grep -qF "$BEGIN_MARK" "$RC_FILE" 2>/dev/null; then
            log "rc hook present in $RC_FILE"
        else
            log "rc hook not installed"
        fi
        ;;
esac
