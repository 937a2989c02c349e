#!/usr/bin/env bash
# Serve the van's ebook and audiobook folder to the patron tablets.
# The tablets join the van wifi and browse to http://<laptop>:8080 to
# download titles for loan. Stop it with: share_ebooks_van.sh stop
set -uo pipefail

SHARE_DIR="${EBOOK_DIR:-${HOME}/bookmobile/ebooks}"
PORT="${EBOOK_PORT:-8080}"
PID_FILE=/tmp/ebook_share.pid
LOG_FILE=/tmp/ebook_share.log

usage() {
    echo "usage: $0 {start|stop|status}" >&2
    exit 2
}

is_running() {
    [[ -f "${PID_FILE}" ]] && kill -0 "$(cat "${PID_FILE}")" 2>/dev/null
}

count_titles() {
    find "${SHARE_DIR}" -type f \( -name '*.epub' -o -name '*.pdf' -o -name '*.mp3' -o -name '*.m4b' \) | wc -l
}

start() {
    if is_running; then
        echo "already serving (pid $(cat "${PID_FILE}"))"
        return 0
    fi
    if [[ ! -d "${SHARE_DIR}" ]]; then
        echo "no ebook folder at ${SHARE_DIR}" >&2
        exit 1
    fi
    cd "${SHARE_DIR}" || exit 1
    nohup python3 -m http.server "${PORT}" --bind 0.0.0.0 >> "${LOG_FILE}" 2>&1 &
    echo $! > "${PID_FILE}"
    local ip
    ip="$(hostname -I | awk '{print $1}')"
    echo "serving $(count_titles) titles from ${SHARE_DIR}"
    echo "tablets: http://${ip}:${PORT}/"
}

stop() {
    if is_running; then
        kill "$(cat "${PID_FILE}")"
        rm -f "${PID_FILE}"
        echo "stopped"
    else
        echo "not running"
        rm -f "${PID_FILE}"
    fi
}

status() {
    if is_running; then
        echo "serving on port ${PORT} (pid $(cat "${PID_FILE}"))"
        echo "downloads today: $(grep -c "\"GET /.*\" 200" "${LOG_FILE}" 2>/dev/null || echo 0)"
    else
        echo "not running"
    fi
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    status) status ;;
    *) usage ;;
esac
