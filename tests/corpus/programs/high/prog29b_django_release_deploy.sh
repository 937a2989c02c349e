#!/usr/bin/env bash
# Rolls out a new release of the Django shop on the single app server.
#
# Layout:  /srv/shop/releases/<timestamp>   each release checkout
#          /srv/shop/current -> releases/<timestamp>
# The deploy user owns /srv/shop; service control goes through sudo.
set -euo pipefail

APP_ROOT="${APP_ROOT:-/srv/shop}"
REPO="${REPO:-git@git.example.com:shop/web.git}"
BRANCH="${BRANCH:-main}"
KEEP_RELEASES=5
SERVICE="gunicorn-shop"

log() { printf '\033[1m==>\033[0m %s\n' "$*"; }

release="$(date -u +%Y%m%d%H%M%S)"
target="${APP_ROOT}/releases/${release}"

checkout() {
    log "cloning ${BRANCH} into ${target}"
    git clone --quiet --depth 1 --branch "$BRANCH" "$REPO" "$target"
    ln -sfn "${APP_ROOT}/shared/.env" "${target}/.env"
    ln -sfn "${APP_ROOT}/shared/media" "${target}/media"
}

build() {
    log "installing dependencies"
    python3 -m venv "${target}/.venv"
    "${target}/.venv/bin/pip" install --quiet -r "${target}/requirements.txt"
    log "collecting static files and migrating"
    (
        cd "$target"
        .venv/bin/python manage.py collectstatic --noinput --verbosity 0
        .venv/bin/python manage.py migrate --noinput
        .venv/bin/python manage.py check --deploy
    )
}

activate() {
    log "switching current -> ${release}"
    ln -sfn "$target" "${APP_ROOT}/current.new"
    mv -T "${APP_ROOT}/current.new" "${APP_ROOT}/current"

    log "reloading services"
    sudo -n systemctl restart "$SERVICE"
    sudo -n nginx -t
    sudo -n systemctl reload nginx
    sleep 2
    if ! systemctl is-active --quiet "$SERVICE"; then
        log "service failed to start; see: journalctl -u $SERVICE"
        exit 1
    fi
}

prune() {
    log "pruning old releases (keeping ${KEEP_RELEASES})"
    ls -1dt "${APP_ROOT}"/releases/*/ | tail -n +"$((KEEP_RELEASES + 1))" | while read -r old; do
        rm -rf -- "$old"
    done
}

smoke_test() {
    local code
    code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 http://127.0.0.1/healthz)"
    log "health check returned ${code}"
    [[ "$code" == "200" ]]
}

checkout
build
activate
smoke_test || { log "smoke test failed"; exit 1; }
prune
log "release ${release} is live"
