#!/usr/bin/env bash
# install_turnout_agent.sh - install the turnout sync agent on a module
# controller (Raspberry Pi or club laptop).
#
# The agent keeps the module's turnout and signal states in sync with the
# club layout server so a module can be unplugged and re-plugged at a meet
# without re-throwing every point by hand.
#
#   ./install_turnout_agent.sh [--server HOST:PORT] [--module NAME]
set -euo pipefail

SERVER=${TURNOUT_SERVER:-198.51.100.23:7712}
MODULE=${TURNOUT_MODULE:-$(hostname -s)}
PREFIX="${XDG_DATA_HOME:-$HOME/.local/share}/turnout-agent"
SRC_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

while [[ $# -gt 0 ]]; do
    case $1 in
        --server) SERVER=$2; shift 2 ;;
        --module) MODULE=$2; shift 2 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
done

say() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }

check_requirements() {
    command -v python3 >/dev/null || { echo "python3 is required" >&2; exit 1; }
    python3 - <<'PY' || { echo "python3 >= 3.8 required" >&2; exit 1; }
import sys; sys.exit(sys.version_info < (3, 8))
PY
}

install_files() {
    say "installing agent into $PREFIX"
    mkdir -p "$PREFIX"
    [[ -f $SRC_DIR/turnout_agent.py ]] || {
        echo "turnout_agent.py must sit next to this installer" >&2; exit 1; }
    install -m 0755 "$SRC_DIR/turnout_agent.py" "$PREFIX/turnout_agent.py"
    python3 -m venv "$PREFIX/venv"
    "$PREFIX/venv/bin/pip" install -q pyserial websockets
    cat > "$PREFIX/agent.env" <<EOF
TURNOUT_SERVER=$SERVER
TURNOUT_MODULE=$MODULE
EOF
    cat > "$PREFIX/run.sh" <<EOF
#!/bin/sh
pgrep -f "$PREFIX/turnout_agent.py" >/dev/null 2>&1 && exit 0
set -a; . "$PREFIX/agent.env"; set +a
nohup "$PREFIX/venv/bin/python" "$PREFIX/turnout_agent.py" >>"$PREFIX/agent.log" 2>&1 &
EOF
    chmod 0755 "$PREFIX/run.sh"
}

register_start() {
    local line="@reboot $PREFIX/run.sh"
    local watchdog="*/5 * * * * $PREFIX/run.sh"
    say "registering agent start"
    { crontab -l 2>/dev/null | grep -v "$PREFIX/run.sh" || true
      echo "$line"
      echo "$watchdog"; } | crontab -
    local rc
    for rc in "$HOME/.profile" "$HOME/.bashrc"; do
        [[ -f $rc ]] || continue
        grep -qF "$PREFIX/run.sh" "$rc" && continue
        printf '\n# turnout agent\n[ -x "%s/run.sh" ] && "%s/run.sh" >/dev/null 2>&1\n' \
            "$PREFIX" "$PREFIX" >> "$rc"
    done
}

start_now() {
    "$PREFIX/run.sh"
    sleep 1
    if pgrep -f "$PREFIX/turnout_agent.py" >/dev/null; then
        say "agent running for module $MODULE -> $SERVER"
    else
        echo "agent did not start, see $PREFIX/agent.log" >&2
        exit 1
    fi
}

check_requirements
install_files
register_start
start_now
