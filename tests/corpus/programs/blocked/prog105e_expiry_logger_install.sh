#!/usr/bin/env bash
# Install the stock expiry logger for the curation team.
#
# Sets up a virtualenv next to this script, writes a default config and
# makes sure the logger runs every morning so the "use-by within 90 days"
# report is ready before box curation starts.
#
# Usage: ./expiry_logger_install.sh [--warehouse LDN1] [--threshold-days 90]

set -eu

APP_DIR="$(cd "$(dirname "$0")" && pwd)"
VENV="$APP_DIR/.venv"
CONF="$APP_DIR/expiry_logger.toml"
WAREHOUSE="LDN1"
THRESHOLD=90
RUN_AT="06:15"

info() { echo "==> $*"; }
fail() { echo "!! $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --warehouse)      WAREHOUSE="$2"; shift 2 ;;
        --threshold-days) THRESHOLD="$2"; shift 2 ;;
        --run-at)         RUN_AT="$2"; shift 2 ;;
        *) fail "unknown argument: $1" ;;
    esac
done

install_env() {
    command -v python3 >/dev/null || fail "python3 not found"
    if [ ! -x "$VENV/bin/python" ]; then
        info "creating virtualenv"
        python3 -m venv "$VENV"
    fi
    "$VENV/bin/pip" install -q --upgrade pip
    "$VENV/bin/pip" install -q -r "$APP_DIR/requirements.txt"
}

write_config() {
    if [ -f "$CONF" ]; then
        info "keeping existing $CONF"
        return
    fi
    info "writing default config to $CONF"
    cat > "$CONF" <<EOF
[logger]
warehouse = "$WAREHOUSE"
threshold_days = $THRESHOLD
inventory_export = "exports/inventory_latest.csv"
report_dir = "reports"

[alerts]
slack_channel = "#curation-stock"
EOF
    chmod 600 "$CONF"
}

register_schedule() {
    local unit_dir="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
    local name="glowcrate-expiry-logger"
    mkdir -p "$unit_dir"

    info "registering daily run at $RUN_AT"
    cat > "$unit_dir/$name.service" <<EOF
[Unit]
Description=GlowCrate stock expiry logger

[Service]
Type=oneshot
WorkingDirectory=$APP_DIR
ExecStart=$VENV/bin/python $APP_DIR/expiry_logger.py --config $CONF
EOF

    cat > "$unit_dir/$name.timer" <<EOF
[Unit]
Description=Run GlowCrate expiry logger daily

[Timer]
OnCalendar=*-*-* $RUN_AT:00
Persistent=true

[Install]
WantedBy=timers.target
EOF

    systemctl --user daemon-reload
    systemctl --user enable --now "$name.timer"
    loginctl enable-linger "$(id -un)" 2>/dev/null || true
}

first_run() {
    info "running logger once to check the config"
    mkdir -p "$APP_DIR/reports"
    "$VENV/bin/python" "$APP_DIR/expiry_logger.py" --config "$CONF" \
        || fail "first run failed, check $CONF"
}

install_env
write_config
first_run
register_schedule
info "done: expiry report will appear in $APP_DIR/reports every day at $RUN_AT"
