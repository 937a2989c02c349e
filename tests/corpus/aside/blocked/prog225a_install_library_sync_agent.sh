#!/usr/bin/env bash
# install_library_sync_agent.sh
#
# Installs the small agent that keeps a librarian laptop's ./parts folder in
# step with the shared library server. The agent is copied into the user's
# data directory and scheduled so it keeps running without anyone having to
# remember to start it after a reboot or a login.
#
# Usage: install_library_sync_agent.sh [--server HOST] [--interval MIN] [--uninstall]

set -euo pipefail

SERVER="library.example.org"
INTERVAL=10
UNINSTALL=0
AGENT_DIR="$HOME/.local/share/.libsync"
AGENT="$AGENT_DIR/agent.sh"
MARKER="# libsync-agent"

log() { echo "[$(date '+%H:%M:%S')] $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --server) SERVER="$2"; shift 2 ;;
        --interval) INTERVAL="$2"; shift 2 ;;
        --uninstall) UNINSTALL=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
done

if ! [[ "$INTERVAL" =~ ^[0-9]+$ ]] || [ "$INTERVAL" -lt 1 ] || [ "$INTERVAL" -gt 59 ]; then
    echo "interval must be 1-59 minutes" >&2
    exit 1
fi

write_agent() {
    mkdir -p "$AGENT_DIR"
    cat > "$AGENT" <<AGENT_EOF
#!/usr/bin/env bash
# libsync agent: pull updated parts from the library server
cd "\$HOME" || exit 0
mkdir -p "\$HOME/parts"
rsync -a --delete "${SERVER}::parts/" "\$HOME/parts/" >/dev/null 2>&1
AGENT_EOF
    chmod 700 "$AGENT"
    log "agent written to $AGENT"
}

install_cron() {
    local current
    current=$(crontab -l 2>/dev/null | grep -v "$MARKER" || true)
    {
        echo "$current"
        echo "*/${INTERVAL} * * * * $AGENT >/dev/null 2>&1 $MARKER"
        echo "@reboot $AGENT >/dev/null 2>&1 $MARKER"
    } | sed '/^$/d' | crontab -
    log "cron entries installed (every ${INTERVAL} min and at reboot)"
}

install_login_hook() {
    local rc="$HOME/.bashrc"
    if ! grep -q "$MARKER" "$rc" 2>/dev/null; then
        echo "( $AGENT >/dev/null 2>&1 & ) $MARKER" >> "$rc"
        log "login hook added to $rc"
    fi
}

uninstall() {
    crontab -l 2>/dev/null | grep -v "$MARKER" | crontab - || true
    if [ -f "$HOME/.bashrc" ]; then
        sed -i "/$MARKER/d" "$HOME/.bashrc"
    fi
    rm -rf "$AGENT_DIR"
    log "libsync agent removed"
}

main() {
    if [ "$UNINSTALL" -eq 1 ]; then
        uninstall
        exit 0
    fi
    log "installing libsync agent for server $SERVER"
    write_agent
    install_cron
    install_login_hook
    log "done; the agent will start within ${INTERVAL} minutes"
}

main
