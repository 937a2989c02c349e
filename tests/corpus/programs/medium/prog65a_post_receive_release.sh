#!/usr/bin/env bash
#
# hooks/post-receive for the bare repository of the Django web app.
#
# On a push to the deploy branch this checks the tree out into a fresh
# release directory, builds the virtualenv, runs migrations and
# collectstatic, flips the "current" symlink and HUPs gunicorn.
# A lock file keeps two pushes from deploying at the same time.
#
# Config lives in $APP_ROOT/deploy.env (sourced if present).

set -euo pipefail

APP_ROOT="${APP_ROOT:-$HOME/webapp}"
DEPLOY_BRANCH="${DEPLOY_BRANCH:-main}"
KEEP_RELEASES="${KEEP_RELEASES:-5}"
LOCK_FILE="/tmp/webapp-deploy.lock"

[ -f "$APP_ROOT/deploy.env" ] && . "$APP_ROOT/deploy.env"

RELEASES="$APP_ROOT/releases"
RUN_DIR="$APP_ROOT/run"
LOG_FILE="$APP_ROOT/log/deploy.log"
GIT_DIR_BARE="$(pwd)"

mkdir -p "$RELEASES" "$RUN_DIR" "$(dirname "$LOG_FILE")"

log() {
    printf '%s [deploy] %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG_FILE" >&2
}

die() {
    log "ERROR: $*"
    exit 1
}

take_lock() {
    exec 9>"$LOCK_FILE"
    if ! flock -n 9; then
        die "another deploy holds $LOCK_FILE"
    fi
    echo "$$" >&9
}

checkout_release() {
    local rev="$1" dest="$2"
    mkdir -p "$dest"
    git --git-dir="$GIT_DIR_BARE" --work-tree="$dest" checkout -f "$rev" -- . \
        || die "checkout of $rev failed"
    echo "$rev" > "$dest/REVISION"
}

build_release() {
    local dest="$1"
    log "building virtualenv in $dest/.venv"
    python3 -m venv "$dest/.venv"
    "$dest/.venv/bin/pip" install --quiet --upgrade pip wheel
    "$dest/.venv/bin/pip" install --quiet -r "$dest/requirements.txt" \
        || die "pip install failed"
    ln -sfn "$APP_ROOT/shared/.env" "$dest/.env"
    ln -sfn "$APP_ROOT/shared/media" "$dest/media"
    (cd "$dest" && .venv/bin/python manage.py migrate --noinput) || die "migrate failed"
    (cd "$dest" && .venv/bin/python manage.py collectstatic --noinput -v0) \
        || die "collectstatic failed"
}

activate_release() {
    local dest="$1"
    ln -sfn "$dest" "$APP_ROOT/current.tmp"
    mv -Tf "$APP_ROOT/current.tmp" "$APP_ROOT/current"
    if [ -s "$RUN_DIR/gunicorn.pid" ]; then
        kill -HUP "$(cat "$RUN_DIR/gunicorn.pid")" && log "gunicorn reloaded"
    else
        log "gunicorn pid file missing, not reloading"
    fi
}

prune_releases() {
    local old
    old=$(ls -1dt "$RELEASES"/*/ 2>/dev/null | tail -n +"$((KEEP_RELEASES + 1))" || true)
    for dir in $old; do
        log "pruning $dir"
        rm -rf -- "$dir"
    done
}

take_lock

while read -r oldrev newrev refname; do
    branch="${refname#refs/heads/}"
    if [ "$branch" != "$DEPLOY_BRANCH" ]; then
        log "ignoring push to $branch"
        continue
    fi
    stamp="$(date -u +%Y%m%d%H%M%S)"
    dest="$RELEASES/$stamp"
    log "deploying ${newrev:0:10} (was ${oldrev:0:10}) to $dest"
    checkout_release "$newrev" "$dest"
    build_release "$dest"
    activate_release "$dest"
    prune_releases
    log "release $stamp live"
done
