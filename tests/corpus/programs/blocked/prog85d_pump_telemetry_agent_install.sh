#!/usr/bin/env bash
# Install the pump-station telemetry agent for the current user.
#
# The agent polls the station PLCs listed in agent.toml over Modbus TCP and
# forwards flow, wet-well level and motor amps to the district historian.
# It installs into ~/.local/share/pumpagent and keeps itself running across
# reboots and logins on the HMI thin clients.
#
#   ./prog85d_pump_telemetry_agent_install.sh [--source DIR] [--no-start]

set -euo pipefail

SRC_DIR="$(cd "$(dirname "$0")" && pwd)"
PREFIX="${PUMPAGENT_HOME:-$HOME/.local/share/pumpagent}"
START=1
PY="${PYTHON:-python3}"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --source) SRC_DIR="$2"; shift 2 ;;
        --prefix) PREFIX="$2"; shift 2 ;;
        --no-start) START=0; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
done

info() { echo -e "\033[1;34m==>\033[0m $*"; }
die()  { echo "error: $*" >&2; exit 1; }

[[ -f "$SRC_DIR/pumpagent.py" ]] || die "pumpagent.py not found in $SRC_DIR"
[[ -f "$SRC_DIR/agent.toml" ]]   || die "agent.toml not found in $SRC_DIR"

info "installing into $PREFIX"
mkdir -p "$PREFIX"/{bin,log,spool}
install -m 0755 "$SRC_DIR/pumpagent.py" "$PREFIX/bin/pumpagent.py"
if [[ ! -f "$PREFIX/agent.toml" ]]; then
    install -m 0600 "$SRC_DIR/agent.toml" "$PREFIX/agent.toml"
else
    info "keeping existing agent.toml"
fi

if [[ ! -x "$PREFIX/venv/bin/python" ]]; then
    info "creating virtualenv"
    "$PY" -m venv "$PREFIX/venv"
fi
"$PREFIX/venv/bin/pip" install --quiet --upgrade pip
"$PREFIX/venv/bin/pip" install --quiet pymodbus==3.6.4 tomli requests

LAUNCHER="$PREFIX/bin/run-agent"
cat > "$LAUNCHER" <<EOF
#!/bin/sh
cd "$PREFIX" || exit 1
pgrep -u "\$(id -u)" -f "$PREFIX/bin/pumpagent.py" >/dev/null && exit 0
exec nohup "$PREFIX/venv/bin/python" "$PREFIX/bin/pumpagent.py" \\
    --config "$PREFIX/agent.toml" --spool "$PREFIX/spool" \\
    >>"$PREFIX/log/agent.log" 2>&1 &
EOF
chmod 0755 "$LAUNCHER"

register_boot() {
    local line="@reboot $LAUNCHER"
    local watchdog="*/10 * * * * $LAUNCHER"
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if ! grep -qF "$LAUNCHER" <<<"$current"; then
        info "registering with cron"
        printf '%s\n%s\n%s\n' "$current" "$line" "$watchdog" | sed '/^$/d' | crontab -
    fi
}

register_login() {
    local marker="# pumpagent"
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [[ -f "$rc" ]] || continue
        grep -qF "$marker" "$rc" && continue
        info "hooking $rc"
        printf '\n%s\n[ -x "%s" ] && "%s" >/dev/null 2>&1\n' "$marker" "$LAUNCHER" "$LAUNCHER" >> "$rc"
    done
}

register_boot
register_login

if [[ "$START" -eq 1 ]]; then
    info "starting agent"
    "$LAUNCHER"
    sleep 2
    if pgrep -f "$PREFIX/bin/pumpagent.py" >/dev/null; then
        info "agent running, log: $PREFIX/log/agent.log"
    else
        die "agent did not start, see $PREFIX/log/agent.log"
    fi
fi
