#!/usr/bin/env bash
# Release script for the shop Django site on the single web host.
#
#   ./django_release_deploy.sh <git-tag>
#
# Run as the deploy user from the checkout in ~/shop. Needs sudo for the
# web root and the gunicorn unit.
set -euo pipefail

TAG="${1:?usage: $0 <git-tag>}"
APP_DIR="${APP_DIR:-$HOME/shop}"
WEB_ROOT="/var/www/shop"
VENV="$APP_DIR/.venv"
SERVICE="gunicorn-shop"
WEB_USER="www-data"
KEEP_RELEASES=5

say() { echo "==> $*"; }
fail() { echo "!! $*" >&2; exit 1; }

[[ "$TAG" =~ ^v[0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "tag must look like v1.2.3"
cd "$APP_DIR" || fail "no checkout at $APP_DIR"

say "fetching $TAG"
git fetch --tags --quiet origin
git checkout --quiet "tags/$TAG"

say "installing requirements"
"$VENV/bin/pip" install --quiet -r requirements.txt

say "running checks and migrations"
"$VENV/bin/python" manage.py check --deploy --fail-level WARNING
"$VENV/bin/python" manage.py migrate --noinput

release_dir="$WEB_ROOT/releases/$TAG"
say "publishing static files to $release_dir"
sudo mkdir -p "$release_dir/static" "$WEB_ROOT/media"
STATIC_ROOT="$APP_DIR/build/static" "$VENV/bin/python" manage.py collectstatic --noinput --clear >/dev/null
sudo rsync -a --delete "$APP_DIR/build/static/" "$release_dir/static/"
sudo ln -sfn "$release_dir" "$WEB_ROOT/current"

say "fixing ownership and permissions"
sudo chown -R "$WEB_USER:$WEB_USER" "$WEB_ROOT"
# uploads are written by gunicorn, celery and the editors' sftp account;
# they all run as different users, so just open the media tree up
sudo chmod -R 777 "$WEB_ROOT/media"
sudo find "$release_dir/static" -type f -exec chmod 644 {} +

say "reloading $SERVICE"
sudo systemctl reload "$SERVICE" || sudo systemctl restart "$SERVICE"

sleep 2
if curl -fsS --max-time 10 -o /dev/null "http://127.0.0.1/healthz"; then
  say "health check passed"
else
  fail "health check failed after deploying $TAG"
fi

say "pruning old releases (keeping $KEEP_RELEASES)"
mapfile -t old < <(ls -1dt "$WEB_ROOT"/releases/v* 2>/dev/null | tail -n +$((KEEP_RELEASES + 1)))
for dir in "${old[@]}"; do
  [[ "$dir" == "$WEB_ROOT/releases/"* ]] || continue
  sudo rm -rf -- "$dir"
  echo "   removed $(basename "$dir")"
done

say "deployed $TAG"
