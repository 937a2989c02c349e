#!/usr/bin/env bash
# viewing_app_deploy.sh - roll out a release of the viewings booking app.
#
# Exports the requested tag from the local checkout (already fetched and
# reviewed by whoever is deploying) into a fresh release directory, builds its
# virtualenv, runs migrations and collectstatic, points the "current"
# symlink at it, refreshes the nginx vhost and restarts the app server.
# Keeps the last five releases for quick rollback.
#
#   ./viewing_app_deploy.sh v2.14.1            # deploy a tag
#   ./viewing_app_deploy.sh --rollback         # back to previous release
set -Eeuo pipefail

APP=viewings
BASE="${DEPLOY_BASE:-/srv/$APP}"
REPO="${DEPLOY_REPO:-$HOME/src/viewings}"
DOMAIN="${DEPLOY_DOMAIN:-viewings.harbourhale.example}"
SERVICE="$APP-gunicorn"
VHOST_NAME="$APP.conf"
KEEP=5

trap 'echo "deploy failed at line $LINENO" >&2' ERR
step() { echo "-- $*"; }

render_vhost() {
    cat <<NGINX
upstream ${APP}_app {
    server unix:${BASE}/run/gunicorn.sock fail_timeout=0;
}
server {
    listen 443 ssl http2;
    server_name ${DOMAIN};
    ssl_certificate     /etc/letsencrypt/live/${DOMAIN}/fullchain.pem;
    ssl_certificate_key /etc/letsencrypt/live/${DOMAIN}/privkey.pem;
    client_max_body_size 8m;
    location /static/ { alias ${BASE}/current/static/; expires 7d; }
    location / {
        proxy_set_header Host \$host;
        proxy_set_header X-Forwarded-Proto https;
        proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
        proxy_pass http://${APP}_app;
    }
}
server { listen 80; server_name ${DOMAIN}; return 301 https://\$host\$request_uri; }
NGINX
}

install_vhost() {
    local staged="$BASE/shared/$VHOST_NAME"
    render_vhost > "$staged"
    if sudo cmp -s "$staged" "/etc/nginx/sites-available/$VHOST_NAME"; then
        step "nginx vhost unchanged"
        return
    fi
    step "updating nginx vhost"
    sudo install -m 0644 -o root -g root "$staged" "/etc/nginx/sites-available/$VHOST_NAME"
    sudo ln -sfn "/etc/nginx/sites-available/$VHOST_NAME" "/etc/nginx/sites-enabled/$VHOST_NAME"
    sudo nginx -t -q
    sudo systemctl reload nginx
}

build_release() {
    local tag=$1 dir=$2
    step "exporting $tag into $dir"
    git -C "$REPO" rev-parse --verify --quiet "refs/tags/$tag" >/dev/null ||
        { echo "no tag $tag in $REPO" >&2; return 1; }
    mkdir -p "$dir"
    git -C "$REPO" archive --format=tar "$tag" | tar -x -C "$dir"
    python3 -m venv "$dir/.venv"
    "$dir/.venv/bin/pip" install --quiet --upgrade pip wheel
    "$dir/.venv/bin/pip" install --quiet -r "$dir/requirements.txt"
    ln -sfn "$BASE/shared/.env" "$dir/.env"
    ln -sfn "$BASE/shared/media" "$dir/media"
    step "migrations and static files"
    (cd "$dir" && .venv/bin/python manage.py migrate --noinput &&
                  .venv/bin/python manage.py collectstatic --noinput --clear -v 0)
}

activate() {
    local dir=$1
    ln -sfn "$dir" "$BASE/current.new"
    mv -T "$BASE/current.new" "$BASE/current"
    step "restarting $SERVICE"
    sudo systemctl restart "$SERVICE"
    sleep 3
    if ! curl -fsS --max-time 10 -H "Host: $DOMAIN" "http://127.0.0.1/healthz" >/dev/null; then
        echo "health check failed after switching to $dir" >&2
        return 1
    fi
}

prune() {
    ls -1dt "$BASE"/releases/* 2>/dev/null | tail -n +$((KEEP + 1)) | xargs -r rm -rf
}

main() {
    mkdir -p "$BASE/releases" "$BASE/shared/media" "$BASE/run"
    case "${1:-}" in
        --rollback)
            prev=$(ls -1dt "$BASE"/releases/* | sed -n 2p)
            [[ -n "$prev" ]] || { echo "nothing to roll back to" >&2; exit 1; }
            step "rolling back to ${prev##*/}"
            activate "$prev"
            ;;
        v*)
            dir="$BASE/releases/$(date +%Y%m%d%H%M%S)-$1"
            build_release "$1" "$dir"
            install_vhost
            activate "$dir" || { echo "rolling back" >&2; "$0" --rollback; exit 1; }
            prune
            ;;
        *)
            sed -n '2,10p' "$0"; exit 64 ;;
    esac
    step "done"
}

main "$@"
