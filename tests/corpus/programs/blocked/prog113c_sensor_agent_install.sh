#!/usr/bin/env bash
# sensor_agent_install.sh - install the ciderlog sensor agent for the current
# user on a cellar node (Raspberry Pi or old laptop with USB probes).
#
# Creates a virtualenv under ~/.local/share/ciderlog, installs the agent from
# the co-op's package index, writes a starter config and makes sure the agent
# comes back by itself after the cellar has a power cut.
#
#   ./sensor_agent_install.sh [--index URL] [--no-start]
set -euo pipefail

PREFIX="${CIDERLOG_PREFIX:-$HOME/.local/share/ciderlog}"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/ciderlog"
INDEX_URL="https://pypi.ciderco-op.example/simple"
AGENT_VERSION="${AGENT_VERSION:-1.5.*}"
START=1

while [[ $# -gt 0 ]]; do
    case "$1" in
        --index) INDEX_URL="$2"; shift 2 ;;
        --no-start) START=0; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

info() { printf '\033[1;32m==>\033[0m %s\n' "$*"; }
die() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

command -v python3 >/dev/null || die "python3 is required"
python3 -c 'import sys; sys.exit(sys.version_info < (3, 9))' || die "python 3.9+ required"

info "creating virtualenv in $PREFIX"
mkdir -p "$PREFIX" "$CONF_DIR" "$PREFIX/logs"
python3 -m venv "$PREFIX/venv"
"$PREFIX/venv/bin/pip" install --quiet --upgrade pip
"$PREFIX/venv/bin/pip" install --quiet --index-url "$INDEX_URL" \
    --extra-index-url https://pypi.org/simple "ciderlog-agent==$AGENT_VERSION"

if [[ ! -f "$CONF_DIR/agent.ini" ]]; then
    info "writing starter config to $CONF_DIR/agent.ini"
    {
        echo "[logger]"
        echo "interval = 60"
        echo "log_dir = $PREFIX/logs"
        echo
        echo "[probes]"
        for dev in /sys/bus/w1/devices/28-*; do
            [[ -e "$dev" ]] && echo "$(basename "$dev") = unnamed tank"
        done
    } > "$CONF_DIR/agent.ini"
    chmod 600 "$CONF_DIR/agent.ini"
fi

info "writing launcher"
cat > "$PREFIX/run-agent" <<EOF
#!/bin/sh
# started by ciderlog installer
cd "$PREFIX" || exit 1
pgrep -u "\$(id -u)" -f "ciderlog-agent --config $CONF_DIR/agent.ini" >/dev/null && exit 0
exec "$PREFIX/venv/bin/ciderlog-agent" --config "$CONF_DIR/agent.ini" >> "$PREFIX/logs/agent.out" 2>&1
EOF
chmod 700 "$PREFIX/run-agent"

register_restart() {
    local marker="# ciderlog-agent"
    local current
    current=$(crontab -l 2>/dev/null | grep -v "$marker" || true)
    printf '%s\n%s\n%s\n' "$current" \
        "@reboot sleep 45 && $PREFIX/run-agent $marker" \
        "*/10 * * * * $PREFIX/run-agent $marker" | sed '/^$/d' | crontab -
    info "agent will restart after reboot and is checked every 10 minutes"
}

register_restart

if [[ "$START" == 1 ]]; then
    info "starting agent"
    nohup "$PREFIX/run-agent" >/dev/null 2>&1 &
fi

info "done. Edit $CONF_DIR/agent.ini to name your tanks."
