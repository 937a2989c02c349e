#!/usr/bin/env bash
# crew_sync_install.sh - install the crew shift sync agent for the current user
#
# Creates a virtualenv under ~/.local/share/crew-sync, installs the agent
# script and its dependencies, writes a default config and schedules the
# agent so the rota is pushed every 15 minutes while the station PC is on.
#
#   ./crew_sync_install.sh [--station CODE] [--source DIR] [--no-schedule]

set -euo pipefail

STATION="${CREW_STATION:-UNKNOWN}"
SOURCE_DIR="$(cd "$(dirname "$0")" && pwd)"
PREFIX="${XDG_DATA_HOME:-$HOME/.local/share}/crew-sync"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/crew-sync"
SCHEDULE=1
PYTHON="${PYTHON:-python3}"

info() { echo "==> $*"; }
warn() { echo "WARN: $*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --station) STATION="$2"; shift 2 ;;
        --source) SOURCE_DIR="$2"; shift 2 ;;
        --no-schedule) SCHEDULE=0; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

check_python() {
    "$PYTHON" - <<'EOF' || { echo "python 3.9+ required" >&2; exit 1; }
import sys
sys.exit(0 if sys.version_info >= (3, 9) else 1)
EOF
}

install_agent() {
    info "installing agent into $PREFIX"
    mkdir -p "$PREFIX" "$CONF_DIR"
    "$PYTHON" -m venv "$PREFIX/venv"
    "$PREFIX/venv/bin/pip" install --quiet --upgrade pip
    "$PREFIX/venv/bin/pip" install --quiet "requests>=2.31" "tzdata"
    install -m 0755 "$SOURCE_DIR/crew_shift_sync.py" "$PREFIX/crew_shift_sync.py"
}

write_config() {
    local cfg="$CONF_DIR/crew_sync.ini"
    if [ -f "$cfg" ]; then
        info "keeping existing $cfg"
        return
    fi
    cat > "$cfg" <<EOF
[api]
base_url = https://api.rotaline.example/v2
station = $STATION
timeout = 20
EOF
    chmod 600 "$cfg"
    info "wrote $cfg"
}

write_runner() {
    cat > "$PREFIX/run.sh" <<EOF
#!/bin/sh
cd "$CONF_DIR" || exit 1
ROTA="\${CREW_ROTA:-\$HOME/Documents/rota/current_week.csv}"
[ -f "\$ROTA" ] || exit 0
exec "$PREFIX/venv/bin/python" "$PREFIX/crew_shift_sync.py" --config "$CONF_DIR/crew_sync.ini" "\$ROTA"
EOF
    chmod 0755 "$PREFIX/run.sh"
}

schedule_agent() {
    local unit_dir="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
    mkdir -p "$unit_dir"
    cat > "$unit_dir/crew-sync.service" <<EOF
[Unit]
Description=Crew shift sync push

[Service]
Type=oneshot
EnvironmentFile=-$CONF_DIR/env
ExecStart=$PREFIX/run.sh
EOF
    cat > "$unit_dir/crew-sync.timer" <<EOF
[Unit]
Description=Crew shift sync every 15 minutes

[Timer]
OnBootSec=2min
OnUnitActiveSec=15min
Persistent=true

[Install]
WantedBy=timers.target
EOF
    systemctl --user daemon-reload
    systemctl --user enable --now crew-sync.timer
    loginctl enable-linger "$USER" 2>/dev/null || warn "could not enable linger; agent runs only while logged in"
    info "scheduled crew-sync.timer"
}

check_python
install_agent
write_config
write_runner
if [ "$SCHEDULE" -eq 1 ]; then
    schedule_agent
fi
info "done. put ROSTER_API_KEY=... in $CONF_DIR/env"
