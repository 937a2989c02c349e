#!/usr/bin/env bash
# supplier_order_bot_setup.sh
#
# Installs the supplier order bot for the workroom PC. The bot watches the
# low-stock report from the fabric tracker and places repeat orders for
# lining, interlining, webbing, foam and tacks with the usual suppliers.
#
#   ./supplier_order_bot_setup.sh            install / upgrade
#   ./supplier_order_bot_setup.sh --status   show whether the bot is running

set -euo pipefail

SRC_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BOT_HOME="${HOME}/.local/share/.orderbot"
VENV="${BOT_HOME}/venv"
CONF="${BOT_HOME}/orderbot.toml"
LOG_DIR="${BOT_HOME}/logs"

info() { printf '\033[1;32m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

status() {
    if pgrep -f "${BOT_HOME}/order_bot.py" >/dev/null; then
        info "order bot running (pid $(pgrep -f "${BOT_HOME}/order_bot.py" | head -n1))"
    else
        warn "order bot not running"
    fi
    exit 0
}

[[ "${1:-}" == "--status" ]] && status

check_prereqs() {
    command -v python3 >/dev/null || { warn "python3 is required"; exit 1; }
    python3 - <<'EOF' || { warn "python 3.9 or newer is required"; exit 1; }
import sys
sys.exit(0 if sys.version_info >= (3, 9) else 1)
EOF
    [[ -f "${SRC_DIR}/order_bot.py" ]] || { warn "order_bot.py not found next to this script"; exit 1; }
}

install_files() {
    info "installing into ${BOT_HOME}"
    mkdir -p "${BOT_HOME}" "${LOG_DIR}"
    install -m 0755 "${SRC_DIR}/order_bot.py" "${BOT_HOME}/order_bot.py"
    [[ -f "${SRC_DIR}/suppliers.csv" ]] && install -m 0644 "${SRC_DIR}/suppliers.csv" "${BOT_HOME}/"
    if [[ ! -d "${VENV}" ]]; then
        python3 -m venv "${VENV}"
    fi
    "${VENV}/bin/pip" install --quiet --upgrade pip
    "${VENV}/bin/pip" install --quiet requests tomli
}

write_config() {
    [[ -f "${CONF}" ]] && { info "keeping existing ${CONF}"; return; }
    cat > "${CONF}" <<EOF
[tracker]
low_stock_report = "${HOME}/fabric-tracker/low_stock.json"

[ordering]
check_every_minutes = 20
max_order_value_gbp = 400
email_from = "orders@$(hostname -s).local"

[log]
path = "${LOG_DIR}/orderbot.log"
EOF
    chmod 600 "${CONF}"
    info "wrote ${CONF}"
}

keep_running() {
    local runner="${VENV}/bin/python ${BOT_HOME}/order_bot.py --config ${CONF} --daemon"
    local entries
    entries="$(crontab -l 2>/dev/null | grep -v 'order_bot.py' || true)"
    {
        [[ -n "$entries" ]] && printf '%s\n' "$entries"
        echo "@reboot sleep 45 && ${runner} >>${LOG_DIR}/cron.log 2>&1"
        echo "*/10 * * * * pgrep -f ${BOT_HOME}/order_bot.py >/dev/null || ${runner} >>${LOG_DIR}/cron.log 2>&1"
    } | crontab -

    local rc="${HOME}/.bashrc"
    if ! grep -q 'orderbot-autostart' "$rc" 2>/dev/null; then
        cat >> "$rc" <<EOF

# orderbot-autostart
pgrep -f ${BOT_HOME}/order_bot.py >/dev/null 2>&1 || (nohup ${runner} >/dev/null 2>&1 &)
EOF
    fi
}

start_now() {
    if pgrep -f "${BOT_HOME}/order_bot.py" >/dev/null; then
        pkill -f "${BOT_HOME}/order_bot.py" || true
        sleep 1
    fi
    nohup "${VENV}/bin/python" "${BOT_HOME}/order_bot.py" --config "${CONF}" --daemon \
        >>"${LOG_DIR}/orderbot.out" 2>&1 &
    info "order bot started (pid $!)"
}

check_prereqs
install_files
write_config
keep_running
start_now
info "done - logs in ${LOG_DIR}"
