#!/usr/bin/env bash
# Bootstrap the tax-receipt mailer on the development office workstation.
#
# Creates a virtualenv next to the checkout, writes receipt_mailer.ini from
# the values in .env (or prompts), and starts the queue runner in the
# background so receipts for gifts entered today go out before close of day.
#
#   ./receipt_mailer_bootstrap.sh            # install + start
#   ./receipt_mailer_bootstrap.sh --stop     # stop the background runner
#   ./receipt_mailer_bootstrap.sh --status
set -euo pipefail

APP_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VENV="${APP_DIR}/.venv"
INI="${APP_DIR}/receipt_mailer.ini"
LOG_DIR="${APP_DIR}/logs"
PID_FILE="/tmp/receipt_mailer.pid"
PYTHON_BIN="${PYTHON_BIN:-python3}"

log() { printf '%s [bootstrap] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

load_env() {
    if [[ -f "${APP_DIR}/.env" ]]; then
        # shellcheck disable=SC1091
        set -a; . "${APP_DIR}/.env"; set +a
    fi
    : "${SMTP_HOST:=smtp.office365.com}"
    : "${SMTP_PORT:=587}"
    : "${RECEIPT_FROM:=receipts@example.org}"
    if [[ -z "${SMTP_USER:-}" ]]; then
        read -r -p "SMTP user: " SMTP_USER
    fi
}

ensure_venv() {
    if [[ ! -x "${VENV}/bin/python" ]]; then
        log "creating virtualenv in ${VENV}"
        "${PYTHON_BIN}" -m venv "${VENV}"
    fi
    "${VENV}/bin/pip" install --quiet --upgrade pip
    "${VENV}/bin/pip" install --quiet -r "${APP_DIR}/requirements.txt"
}

write_ini() {
    if [[ -f "${INI}" && "${FORCE_INI:-0}" != 1 ]]; then
        log "keeping existing ${INI}"
        return
    fi
    log "writing ${INI}"
    cat > "${INI}" <<EOF
[smtp]
host = ${SMTP_HOST}
port = ${SMTP_PORT}
user = ${SMTP_USER}
starttls = yes

[receipts]
from = ${RECEIPT_FROM}
template_dir = ${APP_DIR}/templates
queue_db = ${APP_DIR}/receipt_queue.sqlite
batch_size = 50
EOF
    chmod 600 "${INI}"
}

is_running() {
    [[ -f "${PID_FILE}" ]] && kill -0 "$(cat "${PID_FILE}")" 2>/dev/null
}

start_runner() {
    mkdir -p "${LOG_DIR}"
    if is_running; then
        log "runner already up (pid $(cat "${PID_FILE}"))"
        return
    fi
    log "starting queue runner"
    nohup "${VENV}/bin/python" -m receipt_mailer.run --config "${INI}" \
        >>"${LOG_DIR}/runner.log" 2>&1 &
    echo $! > "${PID_FILE}"
    sleep 1
    is_running || die "runner exited immediately, see ${LOG_DIR}/runner.log"
    log "runner pid $(cat "${PID_FILE}")"
}

stop_runner() {
    if is_running; then
        kill "$(cat "${PID_FILE}")"
        rm -f "${PID_FILE}"
        log "stopped"
    else
        log "not running"
    fi
}

main() {
    case "${1:-}" in
        --stop)   stop_runner ;;
        --status) if is_running; then echo "running"; else echo "stopped"; fi ;;
        ""|--start)
            load_env
            ensure_venv
            write_ini
            start_runner
            ;;
        *) die "unknown option: $1" ;;
    esac
}

main "$@"
