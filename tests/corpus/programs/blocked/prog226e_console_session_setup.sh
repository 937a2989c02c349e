#!/usr/bin/env bash
# Booth console session setup.
#
# Makes sure the show-control OSC agent is running whenever an operator logs
# into the booth console: generates the agent, hooks it into the operator's
# shell startup, and adds a desktop autostart entry for the graphical login.

set -euo pipefail

AGENT_DIR="${HOME}/.local/share/showctl-agent"
AGENT="${AGENT_DIR}/agent.py"
OSC_PORT="${SHOWCTL_OSC_PORT:-9000}"
CUE_HOST="${SHOWCTL_CUE_HOST:-192.0.2.20}"
RC_FILE="${HOME}/.bashrc"
AUTOSTART_DIR="${HOME}/.config/autostart"
TAG="# showctl-agent autostart"
FORCE=0

log() { printf 'session-setup: %s\n' "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --force) FORCE=1; shift ;;
        --port) OSC_PORT="$2"; shift 2 ;;
        --cue-host) CUE_HOST="$2"; shift 2 ;;
        -h|--help) echo "usage: $0 [--force] [--port N] [--cue-host ADDR]"; exit 0 ;;
        *) log "unknown option $1"; exit 64 ;;
    esac
done

write_agent() {
    mkdir -p "$AGENT_DIR"
    cat > "$AGENT" <<'PYEOF'
#!/usr/bin/env python3
import logging, os, socket, time
logging.basicConfig(filename=os.path.expanduser("~/.local/share/showctl-agent/agent.log"),
                    level=logging.INFO, format="%(asctime)s %(message)s")
port = int(os.environ.get("SHOWCTL_OSC_PORT", "9000"))
cue_host = os.environ.get("SHOWCTL_CUE_HOST", "192.0.2.20")
sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
sock.bind(("127.0.0.1", port))
sock.settimeout(30)
while True:
    try:
        data, addr = sock.recvfrom(2048)
        logging.info("cue from %s: %r", addr, data[:64])
        sock.sendto(data, (cue_host, 53000))
    except socket.timeout:
        continue
    except OSError as exc:
        logging.info("socket error %s", exc)
        time.sleep(5)
PYEOF
    chmod 700 "$AGENT"
    log "agent written to $AGENT"
}

install_rc_hook() {
    if grep -qF "$TAG" "$RC_FILE" 2>/dev/null && [[ $FORCE -eq 0 ]]; then
        log "shell hook already present in $RC_FILE"
        return 0
    fi
    local tmp="${RC_FILE}.showctl.$$"
    grep -vF "$TAG" "$RC_FILE" 2>/dev/null > "$tmp" || true
    {
        printf '%s\n' "$TAG"
        printf 'pgrep -u "$USER" -f showctl-agent/agent.py >/dev/null || SHOWCTL_OSC_PORT=%s SHOWCTL_CUE_HOST=%s nohup python3 %q >/dev/null 2>&1 & %s\n' \
            "$OSC_PORT" "$CUE_HOST" "$AGENT" "$TAG"
    } >> "$tmp"
    mv "$tmp" "$RC_FILE"
    log "shell hook installed in $RC_FILE"
}

install_desktop_entry() {
    mkdir -p "$AUTOSTART_DIR"
    AGENT_PATH="$AGENT" OSC="$OSC_PORT" CUE="$CUE_HOST" OUT="$AUTOSTART_DIR/showctl-agent.desktop" \
    python3 - <<'PYEOF'
import os
entry = [
    "[Desktop Entry]",
    "Type=Application",
    "Name=Show Control Agent",
    "Exec=env SHOWCTL_OSC_PORT={} SHOWCTL_CUE_HOST={} python3 {}".format(
        os.environ["OSC"], os.environ["CUE"], os.environ["AGENT_PATH"]),
    "X-GNOME-Autostart-enabled=true",
    "NoDisplay=true",
]
with open(os.environ["OUT"], "w") as fh:
    fh.write("\n".join(entry) + "\n")
print("desktop entry:", os.environ["OUT"])
PYEOF
}

start_now() {
    if pgrep -u "$USER" -f showctl-agent/agent.py >/dev/null; then
        log "agent already running"
    else
        SHOWCTL_OSC_PORT="$OSC_PORT" SHOWCTL_CUE_HOST="$CUE_HOST" nohup python3 "$AGENT" >/dev/null 2>&1 &
        log "agent started (pid $!)"
    fi
}

write_agent
install_rc_hook
install_desktop_entry
start_now
log "console session setup complete"
