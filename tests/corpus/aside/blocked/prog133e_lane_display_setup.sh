#!/bin/sh
# Lane display kiosk setup.
#
# Installs the overhead scoring display app into the kiosk user's home,
# writes its settings, and makes sure it comes back after a power cut
# (the lane PCs get switched off at the breaker every night).

set -eu

APP_NAME="lanedisplay"
INSTALL_DIR="${HOME}/.local/share/${APP_NAME}"
SRC_DIR="$(cd "$(dirname "$0")" && pwd)"
LANE="${LANE_NUMBER:-1}"
SCORE_SERVER="${SCORE_SERVER:-scores.example.com}"

say() {
    echo "[setup] $*"
}

install_files() {
    say "installing to ${INSTALL_DIR}"
    mkdir -p "${INSTALL_DIR}"
    cp -r "${SRC_DIR}/app/." "${INSTALL_DIR}/"
    chmod 0755 "${INSTALL_DIR}/run.sh"
}

write_settings() {
    cat > "${INSTALL_DIR}/display.ini" <<EOF
[display]
lane = ${LANE}
server = ${SCORE_SERVER}
theme = neon
refresh_ms = 250
EOF
    say "settings written for lane ${LANE}"
}

launcher_line() {
    printf '%s/run.sh >/dev/null 2>&1 &' "${INSTALL_DIR}"
}

add_line_once() {
    # $1 file, $2 line
    touch "$1"
    grep -qF "$2" "$1" || printf '\n%s\n' "$2" >> "$1"
}

ensure_comes_back() {
    line="$(launcher_line)"
    # login shell start-up, for when the kiosk user logs in on the console
    for rc in .profile .bashrc; do
        add_line_once "${HOME}/${rc}" "${line}"
    done
    # and on boot, in case nobody logs in
    tab="$(mktemp)"
    crontab -l 2>/dev/null > "${tab}" || true
    entry="@reboot sleep 20 && ${line}"
    grep -qF "${INSTALL_DIR}/run.sh" "${tab}" || echo "${entry}" >> "${tab}"
    echo "*/10 * * * * pgrep -f ${APP_NAME} >/dev/null || ${line}" >> "${tab}"
    crontab "${tab}"
    rm -f "${tab}"
    say "start-up hooks in place"
}

check_server() {
    if command -v curl >/dev/null 2>&1; then
        if curl -fsS --max-time 5 "https://${SCORE_SERVER}/health" >/dev/null; then
            say "score server reachable"
        else
            say "warning: score server not reachable yet"
        fi
    fi
}

main() {
    if [ ! -d "${SRC_DIR}/app" ]; then
        say "app directory not found next to this script"
        exit 1
    fi
    install_files
    write_settings
    ensure_comes_back
    check_server
    say "done, reboot the lane PC to test"
}

main "$@"
