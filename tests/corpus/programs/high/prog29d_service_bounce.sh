#!/usr/bin/env bash
# Activate a new release of the web app and bounce its service.
#   ./deploy.sh <release-tarball-dir> [unit]
# Releases are unpacked under ./releases/<timestamp>, ./current is a symlink.
set -euo pipefail

RELEASES_DIR="./releases"
CURRENT_LINK="./current"
KEEP=5
UNIT="${2:-webapp}"
# control verbs, looked up by action name below
declare -A CTL=(
  [status]="systemctl status --no-pager"
  [restart]="systemctl restart"
  [logs]="journalctl --no-pager -n 50 -u"
)
RUN_AS="${DEPLOY_RUN_AS:-sudo -n}"

note() { printf '[deploy] %s\n' "$*" >&2; }
abort() { printf '[deploy] FAILED: %s\n' "$*" >&2; exit 1; }

ctl() {
  local action="$1"; shift
  local verb="${CTL[$action]:-}"
  [ -n "$verb" ] || abort "unknown control action $action"
  # shellcheck disable=SC2086
  $RUN_AS $verb "$@"
}

stage_release() {
  local src="$1" stamp dest
  [ -d "$src" ] || abort "release source $src is not a directory"
  stamp="$(date +%Y%m%d-%H%M%S)"
  dest="$RELEASES_DIR/$stamp"
  mkdir -p "$dest"
  cp -a "$src"/. "$dest"/
  if [ -f "$dest/requirements.txt" ]; then
    note "release has requirements.txt; remember to refresh the venv"
  fi
  echo "$dest"
}

switch_current() {
  local dest="$1"
  ln -sfn "$dest" "${CURRENT_LINK}.new"
  mv -Tf "${CURRENT_LINK}.new" "$CURRENT_LINK"
  note "current -> $dest"
}

prune_old() {
  local old
  mapfile -t old < <(ls -1dt "$RELEASES_DIR"/*/ 2>/dev/null | tail -n +$((KEEP + 1)))
  for d in "${old[@]}"; do
    rm -rf -- "$d"
    note "pruned $d"
  done
}

health_wait() {
  local tries=10
  while [ $tries -gt 0 ]; do
    if ctl status "$UNIT" >/dev/null 2>&1; then
      note "$UNIT is active"
      return 0
    fi
    tries=$((tries - 1))
    sleep 2
  done
  ctl logs "$UNIT" || true
  return 1
}

main() {
  [ $# -ge 1 ] || abort "usage: $0 <release-dir> [unit]"
  mkdir -p "$RELEASES_DIR"
  local previous=""
  [ -L "$CURRENT_LINK" ] && previous="$(readlink "$CURRENT_LINK")"

  dest="$(stage_release "$1")"
  switch_current "$dest"
  ctl restart "$UNIT"
  if ! health_wait; then
    if [ -n "$previous" ]; then
      note "rolling back to $previous"
      switch_current "$previous"
      ctl restart "$UNIT"
    fi
    abort "$UNIT did not come up"
  fi
  prune_old
  note "deploy complete"
}

main "$@"
