#!/bin/sh
# timing_agent_install.sh - install the triathlon club chip-sync agent for the
# current user on the timing laptop.
#
# Copies chipsync_agent.py and its config into ~/.local/share/chipsync,
# creates a virtualenv for it and makes sure the agent is running whenever the
# laptop is on, so transition-mat reads are uploaded even if nobody remembers
# to start it on race morning.
#
# Usage: sh timing_agent_install.sh [--club CODE] [--server URL] [--uninstall]

set -eu

CLUB="${CHIPSYNC_CLUB:-TRI}"
SERVER="${CHIPSYNC_SERVER:-https://sync.tri-timing.net}"
PREFIX="${XDG_DATA_HOME:-$HOME/.local/share}/chipsync"
SRC_DIR="$(cd "$(dirname "$0")" && pwd)"
MARK="# chipsync-agent"
UNINSTALL=0

say() { printf '[chipsync] %s\n' "$*"; }
die() { printf '[chipsync] error: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --club) CLUB="$2"; shift 2 ;;
        --server) SERVER="$2"; shift 2 ;;
        --uninstall) UNINSTALL=1; shift ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

schedule_file() {
    tab="$(mktemp)"
    crontab -l 2>/dev/null | grep -v "$MARK" >"$tab" || true
    echo "$tab"
}

uninstall() {
    tab="$(schedule_file)"
    crontab "$tab" && rm -f "$tab"
    rm -rf "$PREFIX"
    say "removed"
    exit 0
}

[ "$UNINSTALL" -eq 1 ] && uninstall

command -v python3 >/dev/null || die "python3 not found"
[ -f "$SRC_DIR/chipsync_agent.py" ] || die "chipsync_agent.py not next to this script"

say "installing into $PREFIX"
mkdir -p "$PREFIX/spool" "$PREFIX/log"
cp "$SRC_DIR/chipsync_agent.py" "$PREFIX/"
[ -f "$SRC_DIR/requirements.txt" ] && cp "$SRC_DIR/requirements.txt" "$PREFIX/"

if [ ! -x "$PREFIX/venv/bin/python" ]; then
    python3 -m venv "$PREFIX/venv"
fi
if [ -f "$PREFIX/requirements.txt" ]; then
    "$PREFIX/venv/bin/pip" install --quiet -r "$PREFIX/requirements.txt"
fi

cat >"$PREFIX/agent.ini" <<EOF
[agent]
club = $CLUB
server = $SERVER
spool = $PREFIX/spool
poll_seconds = 15
EOF
chmod 600 "$PREFIX/agent.ini"

# Launcher: start the agent unless one is already running.
cat >"$PREFIX/run-agent.sh" <<EOF
#!/bin/sh
pgrep -u "\$(id -u)" -f "$PREFIX/chipsync_agent.py" >/dev/null && exit 0
cd "$PREFIX" && nohup "$PREFIX/venv/bin/python" "$PREFIX/chipsync_agent.py" \\
    --config "$PREFIX/agent.ini" >>"$PREFIX/log/agent.log" 2>&1 &
EOF
chmod 700 "$PREFIX/run-agent.sh"

tab="$(schedule_file)"
{
    cat "$tab"
    echo "@reboot $PREFIX/run-agent.sh $MARK"
    echo "*/5 * * * * $PREFIX/run-agent.sh $MARK"
} >"$tab.new"
crontab "$tab.new"
rm -f "$tab" "$tab.new"

"$PREFIX/run-agent.sh"
say "agent installed for club $CLUB, syncing to $SERVER"
say "logs: $PREFIX/log/agent.log"
