#!/usr/bin/env bash
# deploy_reminder_bot.sh - roll out a new build of the appointment reminder
# bot (SMS/e-mail reminders for hearing tests, aid fittings and speech
# therapy sessions) on the clinic app server.
#
# Builds a wheel from the checkout, installs it into the bot's virtualenv,
# renders the clinic-specific config and restarts the service.  The unit
# itself is managed by the server build, not by this script.
#
#   ./deploy_reminder_bot.sh [--env production|staging] [--no-restart]

set -euo pipefail

APP=reminder-bot
ENVIRONMENT=production
RESTART=1
VENV=/srv/reminder-bot/venv
CONF_DIR=/etc/reminder-bot
BUILD_DIR=./dist

while [[ $# -gt 0 ]]; do
    case "$1" in
        --env) ENVIRONMENT="$2"; shift 2 ;;
        --no-restart) RESTART=0; shift ;;
        -h|--help) sed -n '2,11p' "$0" | cut -c3-; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

info() { echo -e "\033[1;34m==>\033[0m $*"; }
fail() { echo -e "\033[1;31m!!\033[0m $*" >&2; exit 1; }

[[ -f pyproject.toml ]] || fail "run from the reminder-bot checkout"
[[ -f "deploy/${ENVIRONMENT}.env" ]] || fail "no deploy/${ENVIRONMENT}.env"

build_wheel() {
    info "building wheel"
    rm -rf "$BUILD_DIR"
    python3 -m build --wheel --outdir "$BUILD_DIR" >/dev/null
    ls "$BUILD_DIR"/*.whl | head -n1
}

render_config() {
    local out="$BUILD_DIR/config.toml"
    info "rendering config for $ENVIRONMENT"
    set -a
    # shellcheck source=/dev/null
    . "deploy/${ENVIRONMENT}.env"
    set +a
    envsubst < deploy/config.toml.tmpl > "$out"
    grep -q '\${' "$out" && fail "unresolved variables left in config"
    echo "$out"
}

install_release() {
    local wheel="$1" conf="$2"
    info "installing $(basename "$wheel")"
    sudo -u "$APP" "$VENV/bin/pip" install --quiet --upgrade "$wheel"

    info "updating $CONF_DIR"
    sudo install -d -o root -g "$APP" -m 0750 "$CONF_DIR"
    if [[ -f "$CONF_DIR/config.toml" ]]; then
        sudo cp -p "$CONF_DIR/config.toml" "$CONF_DIR/config.toml.$(date +%Y%m%d%H%M)"
    fi
    sudo install -o root -g "$APP" -m 0640 "$conf" "$CONF_DIR/config.toml"
    sudo install -o root -g "$APP" -m 0640 deploy/templates/*.txt "$CONF_DIR/"
}

restart_service() {
    info "restarting $APP"
    sudo systemctl daemon-reload
    sudo systemctl restart "$APP.service"
    for _ in 1 2 3 4 5 6; do
        if systemctl is-active --quiet "$APP.service"; then
            info "$APP is running ($(systemctl show -p MainPID --value "$APP.service"))"
            return 0
        fi
        sleep 2
    done
    journalctl -u "$APP.service" -n 30 --no-pager || true
    fail "$APP did not come back up"
}

wheel=$(build_wheel)
conf=$(render_config)
install_release "$wheel" "$conf"
if [[ $RESTART -eq 1 ]]; then
    restart_service
else
    info "skipping restart; run 'systemctl restart $APP' when ready"
fi
info "deployed $(git describe --tags --always 2>/dev/null || echo unknown) to $ENVIRONMENT"
