#!/bin/sh
# pos_agent_install.sh - install the pro-shop POS sync agent for the current
# user on the shop's back-office PC. The agent pushes till sales and member
# charges to the club accounting API every few minutes.
#
#   ./pos_agent_install.sh --store 02 --api https://pos.willowbrookcc.example
#
set -eu

SRC_DIR=$(cd "$(dirname "$0")" && pwd)
AGENT_HOME="${AGENT_HOME:-$HOME/.local/share/proshop-agent}"
STORE_ID=""
API_URL="https://pos.willowbrookcc.example/api"
INTERVAL=300
MARK_BEGIN="# >>> proshop-agent >>>"
MARK_END="# <<< proshop-agent <<<"

say() { printf '[install] %s\n' "$*"; }
die() { printf '[install] error: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --store) STORE_ID="$2"; shift 2 ;;
        --api) API_URL="$2"; shift 2 ;;
        --interval) INTERVAL="$2"; shift 2 ;;
        --prefix) AGENT_HOME="$2"; shift 2 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

[ -n "$STORE_ID" ] || die "--store is required"
[ -f "$SRC_DIR/proshop_agent/main.py" ] || die "run from the unpacked release directory"
command -v python3 >/dev/null || die "python3 not found"

install_files() {
    say "installing agent into $AGENT_HOME"
    mkdir -p "$AGENT_HOME"
    cp -R "$SRC_DIR/proshop_agent" "$SRC_DIR/requirements.txt" "$AGENT_HOME/"
    if [ ! -x "$AGENT_HOME/venv/bin/python" ]; then
        python3 -m venv "$AGENT_HOME/venv"
    fi
    "$AGENT_HOME/venv/bin/pip" install --quiet --upgrade pip
    "$AGENT_HOME/venv/bin/pip" install --quiet -r "$AGENT_HOME/requirements.txt"
}

write_config() {
    cat >"$AGENT_HOME/agent.env" <<EOF
STORE_ID=$STORE_ID
POS_API_URL=$API_URL
SYNC_INTERVAL=$INTERVAL
SPOOL_DIR=$AGENT_HOME/spool
EOF
    chmod 600 "$AGENT_HOME/agent.env"
    mkdir -p "$AGENT_HOME/spool" "$AGENT_HOME/logs"
}

launcher_block() {
    cat <<EOF
$MARK_BEGIN
if ! pgrep -u "\$(id -u)" -f 'proshop_agent.main' >/dev/null 2>&1; then
    ( cd "$AGENT_HOME" && set -a && . ./agent.env && set +a && \\
      nohup "$AGENT_HOME/venv/bin/python" -m proshop_agent.main >>"$AGENT_HOME/logs/agent.log" 2>&1 & )
fi
$MARK_END
EOF
}

register_startup() {
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [ -f "$rc" ] || touch "$rc"
        if grep -qF "$MARK_BEGIN" "$rc"; then
            say "startup hook already present in $rc"
        else
            launcher_block >>"$rc"
            say "added startup hook to $rc"
        fi
    done
    entry="@reboot sleep 60 && cd $AGENT_HOME && set -a && . ./agent.env && $AGENT_HOME/venv/bin/python -m proshop_agent.main >>$AGENT_HOME/logs/agent.log 2>&1"
    if crontab -l 2>/dev/null | grep -qF "proshop_agent.main"; then
        say "crontab entry already present"
    else
        ( crontab -l 2>/dev/null; echo "$entry" ) | crontab -
        say "added @reboot crontab entry"
    fi
}

start_now() {
    if pgrep -u "$(id -u)" -f 'proshop_agent.main' >/dev/null 2>&1; then
        say "agent already running"
        return
    fi
    (
        cd "$AGENT_HOME"
        set -a; . ./agent.env; set +a
        nohup "$AGENT_HOME/venv/bin/python" -m proshop_agent.main >>"$AGENT_HOME/logs/agent.log" 2>&1 &
    )
    say "agent started"
}

install_files
write_config
register_startup
start_now
say "done. logs: $AGENT_HOME/logs/agent.log"
