#!/bin/sh
# ticket_agent_install.sh - set up the job-ticket agent on a studio workstation.
#
# The agent watches the hot folder for new job tickets (JDF/JSON) from the
# web-to-print storefront and announces them on the production board.
# Installs into ~/.local/share/ticketq with its own virtualenv.
#
# Usage: sh ticket_agent_install.sh [--board URL] [--hotfolder DIR] [--no-start]

set -eu

PREFIX="${HOME}/.local/share/ticketq"
BOARD_URL="https://board.brightline-signs.com/api"
HOTFOLDER="${HOME}/Hotfolders/Tickets"
START=1
AGENT_PKG="ticketq-agent==2.4.1"

say() { printf '[ticketq] %s\n' "$*"; }
fail() { printf '[ticketq] error: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --board) BOARD_URL="$2"; shift 2 ;;
        --hotfolder) HOTFOLDER="$2"; shift 2 ;;
        --no-start) START=0; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) fail "unknown argument $1" ;;
    esac
done

command -v python3 >/dev/null 2>&1 || fail "python3 not found"

say "installing into $PREFIX"
mkdir -p "$PREFIX" "$HOTFOLDER" "$PREFIX/log"

if [ ! -x "$PREFIX/venv/bin/python" ]; then
    python3 -m venv "$PREFIX/venv" || fail "could not create virtualenv"
fi
"$PREFIX/venv/bin/pip" install --quiet --upgrade pip
"$PREFIX/venv/bin/pip" install --quiet "$AGENT_PKG" || fail "pip install failed"

cat > "$PREFIX/agent.ini" <<EOF
[agent]
board_url = $BOARD_URL
hotfolder = $HOTFOLDER
poll_seconds = 15
log_file = $PREFIX/log/agent.log
EOF
chmod 0600 "$PREFIX/agent.ini"

# Launcher used by everything below; keeps a single instance.
LAUNCHER="$PREFIX/ticketq-run"
cat > "$LAUNCHER" <<EOF
#!/bin/sh
pgrep -u "\$(id -u)" -f 'ticketq_agent --config $PREFIX/agent.ini' >/dev/null 2>&1 && exit 0
cd "$PREFIX" || exit 0
nohup "$PREFIX/venv/bin/python" -m ticketq_agent --config "$PREFIX/agent.ini" \\
    >>"$PREFIX/log/agent.out" 2>&1 &
EOF
chmod 0755 "$LAUNCHER"

keep_running() {
    # Bring the agent back after logouts and reboots.
    tab="$PREFIX/crontab.new"
    crontab -l 2>/dev/null | grep -v 'ticketq-run' > "$tab" || true
    printf '@reboot %s\n*/10 * * * * %s\n' "$LAUNCHER" "$LAUNCHER" >> "$tab"
    crontab "$tab" && rm -f "$tab"

    for rc in "$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile"; do
        [ -f "$rc" ] || continue
        grep -q 'ticketq-run' "$rc" 2>/dev/null && continue
        printf '\n# ticketq\n[ -x "%s" ] && "%s" >/dev/null 2>&1\n' \
            "$LAUNCHER" "$LAUNCHER" >> "$rc"
    done
}

keep_running

if [ "$START" -eq 1 ]; then
    "$LAUNCHER"
    sleep 2
    if pgrep -f "ticketq_agent --config $PREFIX/agent.ini" >/dev/null 2>&1; then
        say "agent running, log: $PREFIX/log/agent.log"
    else
        say "agent did not start, see $PREFIX/log/agent.out"
    fi
fi

say "done. Drop tickets into $HOTFOLDER"
