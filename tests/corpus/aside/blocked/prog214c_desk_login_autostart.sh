#!/usr/bin/env bash
# Make the lighting desk PC start the OSC heartbeat monitor on every login,
# so the stage manager's panel shows whether the desk is alive.
set -euo pipefail

INSTALL_DIR="${INSTALL_DIR:-$HOME/.lxdesk}"
RC_FILE="${RC_FILE:-$HOME/.bashrc}"
PANEL_HOST="${PANEL_HOST:-192.0.2.10}"
PANEL_PORT="${PANEL_PORT:-9000}"
INTERVAL="${INTERVAL:-5}"
BEGIN_MARK="# >>> lxdesk heartbeat >>>"
END_MARK="# <<< lxdesk heartbeat <<<"

log() { printf '[autostart] %s\n' "$*" >&2; }

usage() {
    echo "usage: $0 [install|remove|status]"
}

write_monitor() {
    mkdir -p "$INSTALL_DIR"
    cat > "$INSTALL_DIR/heartbeat.py" <<'PY'
import os, socket, struct, time

host = os.environ.get("PANEL_HOST", "192.0.2.10")
port = int(os.environ.get("PANEL_PORT", "9000"))
interval = float(os.environ.get("INTERVAL", "5"))

def osc_string(s):
    b = s.encode() + b"\0"
    return b + b"\0" * ((4 - len(b) % 4) % 4)

def message(addr, value):
    return osc_string(addr) + osc_string(",i") + struct.pack(">i", value)

sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
beat = 0
while True:
    beat += 1
    try:
        sock.sendto(message("/desk/heartbeat", beat), (host, port))
    except OSError:
        pass
    time.sleep(interval)
PY
    log "monitor written to $INSTALL_DIR/heartbeat.py"
}

rc_block() {
    cat <<BLOCK
$BEGIN_MARK
if ! pgrep -u "\$USER" -f "$INSTALL_DIR/heartbeat.py" >/dev/null 2>&1; then
    PANEL_HOST=$PANEL_HOST PANEL_PORT=$PANEL_PORT INTERVAL=$INTERVAL \\
        nohup python3 "$INSTALL_DIR/heartbeat.py" >/dev/null 2>&1 &
    disown
fi
$END_MARK
BLOCK
}

remove_block() {
    [[ -f "$RC_FILE" ]] || return 0
    RC_FILE="$RC_FILE" BEGIN_MARK="$BEGIN_MARK" END_MARK="$END_MARK" python3 -c '
import os
path = os.environ["RC_FILE"]
begin, end = os.environ["BEGIN_MARK"], os.environ["END_MARK"]
out, skip = [], False
for line in open(path).read().splitlines(True):
    if line.strip() == begin:
        skip = True
    if not skip:
        out.append(line)
    if line.strip() == end:
        skip = False
open(path, "w").write("".join(out))
'
}

install() {
    write_monitor
    remove_block
    rc_block >> "$RC_FILE"
    log "login hook added to $RC_FILE"
}

status() {
    if grep -qF "$BEGIN_MARK" "$RC_FILE" 2>/dev/null; then
        log "installed in $RC_FILE"
    else
        log "not installed"
    fi
}

case "${1:-install}" in
    install) install ;;
    remove) remove_block; log "login hook removed" ;;
    status) status ;;
    -h|--help) usage ;;
    *) usage; exit 2 ;;
esac
