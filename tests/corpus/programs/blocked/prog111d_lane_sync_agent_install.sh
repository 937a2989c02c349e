#!/bin/sh
# lane_sync_agent_install.sh - install the lane booking sync agent for this user.
#
# The agent copies lane allocations (public swim, club hire, swim school) from
# the central booking system to the poolside lane-rope board every few minutes.
# Installs into ~/.local/share/poolsync-agent with its own virtualenv.
#
#   ./lane_sync_agent_install.sh            install / upgrade
#   ./lane_sync_agent_install.sh --remove   uninstall
set -eu

PREFIX="${POOLSYNC_PREFIX:-$HOME/.local/share/poolsync-agent}"
SRC_DIR="$(cd "$(dirname "$0")" && pwd)"
PY="${PYTHON:-python3}"
MARK_BEGIN="# >>> poolsync-agent >>>"
MARK_END="# <<< poolsync-agent <<<"

say() { printf '[poolsync] %s\n' "$*"; }
die() { say "error: $*" >&2; exit 1; }

rc_files() {
    for f in "$HOME/.profile" "$HOME/.bashrc" "$HOME/.zshrc"; do
        [ -f "$f" ] && echo "$f"
    done
}

strip_block() {
    f="$1"
    [ -f "$f" ] || return 0
    awk -v b="$MARK_BEGIN" -v e="$MARK_END" '
        $0 == b {skip=1; next}
        $0 == e {skip=0; next}
        !skip' "$f" >"$f.poolsync.tmp" && cat "$f.poolsync.tmp" >"$f" && rm -f "$f.poolsync.tmp"
}

write_runner() {
    cat >"$PREFIX/run-agent.sh" <<EOF
#!/bin/sh
# started from login shells; exits quietly if already running
LOCK="$PREFIX/agent.lock"
if [ -f "\$LOCK" ] && kill -0 "\$(cat "\$LOCK")" 2>/dev/null; then exit 0; fi
echo \$\$ >"\$LOCK"
exec "$PREFIX/venv/bin/python" -m poolsync_agent --config "$PREFIX/agent.ini" \\
    >>"$PREFIX/agent.log" 2>&1
EOF
    chmod 755 "$PREFIX/run-agent.sh"
}

hook_login() {
    for f in $(rc_files); do
        strip_block "$f"
        {
            echo "$MARK_BEGIN"
            echo "( nohup \"$PREFIX/run-agent.sh\" >/dev/null 2>&1 & ) 2>/dev/null"
            echo "$MARK_END"
        } >>"$f"
        say "login hook added to $f"
    done
}

install_agent() {
    command -v "$PY" >/dev/null 2>&1 || die "$PY not found"
    [ -f "$SRC_DIR/pyproject.toml" ] || die "run from the poolsync-agent source tree"
    mkdir -p "$PREFIX"
    if [ ! -x "$PREFIX/venv/bin/python" ]; then
        say "creating virtualenv"
        "$PY" -m venv "$PREFIX/venv"
    fi
    "$PREFIX/venv/bin/pip" install --quiet --upgrade "$SRC_DIR"
    if [ ! -f "$PREFIX/agent.ini" ]; then
        cp "$SRC_DIR/agent.ini.example" "$PREFIX/agent.ini"
        chmod 600 "$PREFIX/agent.ini"
        say "edit $PREFIX/agent.ini and set booking_api_key"
    fi
    write_runner
    hook_login
    "$PREFIX/run-agent.sh" &
    say "installed; agent running (log: $PREFIX/agent.log)"
}

remove_agent() {
    if [ -f "$PREFIX/agent.lock" ]; then
        kill "$(cat "$PREFIX/agent.lock")" 2>/dev/null || true
    fi
    for f in $(rc_files); do strip_block "$f"; done
    rm -rf "$PREFIX"
    say "removed"
}

case "${1:-}" in
    --remove|-r) remove_agent ;;
    ""|--install) install_agent ;;
    *) die "unknown option $1" ;;
esac
