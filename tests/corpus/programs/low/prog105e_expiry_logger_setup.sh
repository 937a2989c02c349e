#!/usr/bin/env bash
# Set up the stock expiry logger for the curation team.
#
# Sets up a virtualenv next to this script, writes a default config and
# produces a first "use-by within 90 days" report so the curation team can
# check the numbers before box curation starts.
#
# Usage: ./expiry_logger_setup.sh [--warehouse LDN1] [--threshold-days 90]

set -eu

APP_DIR="$(cd "$(dirname "$0")" && pwd)"
VENV="$APP_DIR/.venv"
CONF="$APP_DIR/expiry_logger.toml"
WAREHOUSE="LDN1"
THRESHOLD=90

info() { echo "==> $*"; }
fail() { echo "!! $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --warehouse)      WAREHOUSE="$2"; shift 2 ;;
        --threshold-days) THRESHOLD="$2"; shift 2 ;;
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

check_export() {
    local export_file="$APP_DIR/exports/inventory_latest.csv"
    if [ ! -s "$export_file" ]; then
        fail "no inventory export at $export_file; download it from the WMS first"
    fi
    info "inventory export has $(($(wc -l < "$export_file") - 1)) SKUs"
}

first_run() {
    info "running logger once to check the config"
    mkdir -p "$APP_DIR/reports"
    "$VENV/bin/python" "$APP_DIR/expiry_logger.py" --config "$CONF" \
        || fail "first run failed, check $CONF"
    local latest
    latest="$(ls -1t "$APP_DIR"/reports/*.csv 2>/dev/null | head -n 1 || true)"
    [ -n "$latest" ] && info "latest report: $latest"
}

install_env
write_config
check_export
first_run
info "done: re-run '$VENV/bin/python expiry_logger.py --config $CONF' each morning"
