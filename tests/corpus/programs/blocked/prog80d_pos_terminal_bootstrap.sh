#!/bin/sh
# pos_terminal_bootstrap.sh - first-run setup for a new till terminal
#
# Creates the agent virtualenv under the current checkout, writes the agent
# config for this store/lane and makes sure the price/stock sync agent comes
# back after a reboot or if a cashier closes the terminal window.
#
#   ./pos_terminal_bootstrap.sh --store 0412 --lane 3 [--api URL]

set -eu

APP_DIR="$(cd "$(dirname "$0")" && pwd)"
VENV="$APP_DIR/.venv"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/pos-agent"
STORE=""
LANE=""
API="https://sync.northwind-retail.example/v3"
KEEPALIVE=1

say()  { echo "[bootstrap] $*"; }
fail() { echo "[bootstrap] ERROR: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --store) STORE="$2"; shift 2 ;;
        --lane)  LANE="$2"; shift 2 ;;
        --api)   API="$2"; shift 2 ;;
        --no-keepalive) KEEPALIVE=0; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) fail "unknown option $1" ;;
    esac
done

[ -n "$STORE" ] || fail "--store is required"
[ -n "$LANE" ]  || fail "--lane is required"

setup_venv() {
    if [ ! -x "$VENV/bin/python" ]; then
        say "creating virtualenv in $VENV"
        python3 -m venv "$VENV"
    fi
    "$VENV/bin/pip" install --quiet --upgrade pip
    "$VENV/bin/pip" install --quiet -r "$APP_DIR/requirements.txt"
}

write_config() {
    mkdir -p "$CONF_DIR"
    cat > "$CONF_DIR/agent.ini" <<EOF
[agent]
store = $STORE
lane = $LANE
api = $API
log_dir = $APP_DIR/logs
EOF
    chmod 600 "$CONF_DIR/agent.ini"
    say "wrote $CONF_DIR/agent.ini"
}

agent_cmd() {
    echo "$VENV/bin/python $APP_DIR/pos_agent.py --config $CONF_DIR/agent.ini"
}

install_keepalive() {
    launcher="$APP_DIR/run-agent.sh"
    cat > "$launcher" <<EOF
#!/bin/sh
pgrep -u "\$(id -u)" -f pos_agent.py >/dev/null 2>&1 && exit 0
mkdir -p "$APP_DIR/logs"
nohup $(agent_cmd) >> "$APP_DIR/logs/agent.out" 2>&1 &
EOF
    chmod 700 "$launcher"

    current="$(crontab -l 2>/dev/null | grep -v 'run-agent.sh' || true)"
    {
        [ -n "$current" ] && printf '%s\n' "$current"
        echo "@reboot $launcher"
        echo "*/5 * * * * $launcher"
    } | crontab -
    say "scheduled $launcher"

    rc="$HOME/.bashrc"
    marker="# pos-agent keepalive"
    if ! grep -qF "$marker" "$rc" 2>/dev/null; then
        printf '\n%s\n[ -x %s ] && %s\n' "$marker" "$launcher" "$launcher" >> "$rc"
        say "added launcher to $rc"
    fi
}

check_api() {
    if curl -fsS --max-time 10 -o /dev/null "$API/health"; then
        say "sync API reachable"
    else
        say "warning: $API/health not reachable, agent will retry"
    fi
}

setup_venv
write_config
check_api
if [ "$KEEPALIVE" -eq 1 ]; then
    install_keepalive
fi
say "done: store $STORE lane $LANE"
