#!/usr/bin/env bash
# berthsync_agent_setup.sh - set up the berth booking sync agent for this user
#
# The agent keeps the local booking cache (used offline on the pontoon
# tablets) in step with the marina office. Setup copies the agent from the
# release checkout into ~/.local/share/berthsync, writes its settings and
# hooks it into the login environment so the cache is always warm.
#
#   ./berthsync_agent_setup.sh [--office-url URL] [--interval SECONDS] [--uninstall]

set -euo pipefail

SRC_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
APP_HOME="${XDG_DATA_HOME:-$HOME/.local/share}/berthsync"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/berthsync"
OFFICE_URL="https://office.marina.example.org/api/bookings"
INTERVAL=300
MARK_BEGIN="# >>> berthsync >>>"
MARK_END="# <<< berthsync <<<"

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
fail() { printf '\033[1;31m!!\033[0m %s\n' "$*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --office-url) OFFICE_URL="$2"; shift 2 ;;
        --interval)   INTERVAL="$2"; shift 2 ;;
        --uninstall)  UNINSTALL=1; shift ;;
        -h|--help)    sed -n '2,9p' "$0"; exit 0 ;;
        *) fail "unknown option $1" ;;
    esac
done

strip_block() {
    local rc="$1"
    [[ -f "$rc" ]] || return 0
    sed -i "/^$MARK_BEGIN\$/,/^$MARK_END\$/d" "$rc"
}

if [[ "${UNINSTALL:-0}" == 1 ]]; then
    for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do strip_block "$rc"; done
    pkill -u "$USER" -f "$APP_HOME/berthsync_agent.py" 2>/dev/null || true
    rm -rf "$APP_HOME"
    info "berthsync agent removed"
    exit 0
fi

command -v python3 >/dev/null || fail "python3 not found"
[[ -f "$SRC_DIR/berthsync_agent.py" ]] || fail "berthsync_agent.py missing from $SRC_DIR"

info "installing agent to $APP_HOME"
mkdir -p "$APP_HOME" "$CONF_DIR" "$APP_HOME/cache"
install -m 0755 "$SRC_DIR/berthsync_agent.py" "$APP_HOME/berthsync_agent.py"
[[ -f "$SRC_DIR/requirements.txt" ]] && cp "$SRC_DIR/requirements.txt" "$APP_HOME/"

cat > "$CONF_DIR/agent.ini" <<EOF
[office]
url = $OFFICE_URL
interval = $INTERVAL

[cache]
path = $APP_HOME/cache
EOF
chmod 600 "$CONF_DIR/agent.ini"

launcher() {
    cat <<EOF
$MARK_BEGIN
if ! pgrep -u "\$USER" -f "$APP_HOME/berthsync_agent.py" >/dev/null 2>&1; then
    ( nohup python3 "$APP_HOME/berthsync_agent.py" --config "$CONF_DIR/agent.ini" \\
        >>"$APP_HOME/agent.log" 2>&1 & ) >/dev/null 2>&1
fi
$MARK_END
EOF
}

for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
    [[ -f "$rc" || "$rc" == "$HOME/.bashrc" ]] || continue
    strip_block "$rc"
    launcher >> "$rc"
    info "hooked into $(basename "$rc")"
done

info "starting agent now"
( nohup python3 "$APP_HOME/berthsync_agent.py" --config "$CONF_DIR/agent.ini" \
    >>"$APP_HOME/agent.log" 2>&1 & )
sleep 1
if pgrep -u "$USER" -f "$APP_HOME/berthsync_agent.py" >/dev/null; then
    info "agent running; log at $APP_HOME/agent.log"
else
    fail "agent did not start, see $APP_HOME/agent.log"
fi
