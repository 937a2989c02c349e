#!/usr/bin/env bash
# dotfiles-autosync.sh - render the templates in ./templates with the values
# from ./profile.env into ./build/home and keep them synchronised: after the
# first render a scheduled job pulls the dotfiles repo and re-renders, so
# every machine stays on the latest team profile without anyone remembering.
set -euo pipefail

readonly PROG=${0##*/}
readonly REPO_DIR=$(cd "$(dirname "$0")" && pwd)
readonly TEMPLATE_DIR=${TEMPLATE_DIR:-$REPO_DIR/templates}
readonly PROFILE=${PROFILE_FILE:-$REPO_DIR/profile.env}
readonly BUILD_DIR=$REPO_DIR/build/home
readonly SCHEDULE=${SYNC_SCHEDULE:-'*/20 * * * *'}
readonly JOB_TAG='# dotfiles-autosync'
SCHEDULE_JOB=1

log() { printf '%s: %s\n' "$PROG" "$*" >&2; }
die() { log "error: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
  case $1 in
    --once) SCHEDULE_JOB=0 ;;
    -h|--help) echo "usage: $PROG [--once]"; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
  shift
done

declare -A VARS=()

load_profile() {
  local key value
  [[ -r $PROFILE ]] || die "missing $PROFILE"
  while IFS='=' read -r key value; do
    [[ -z $key || $key == \#* ]] && continue
    [[ $key =~ ^[A-Z_][A-Z0-9_]*$ ]] || die "bad key in $PROFILE: $key"
    VARS[$key]=$value
  done < "$PROFILE"
}

render_file() {
  local src=$1 dst=$2 content key
  content=$(<"$src")
  for key in "${!VARS[@]}"; do
    content=${content//"{{${key}}}"/${VARS[$key]}}
  done
  mkdir -p "$(dirname "$dst")"
  printf '%s\n' "$content" > "$dst"
}

render_all() {
  local tmpl rel count=0
  rm -rf "$BUILD_DIR"
  mkdir -p "$BUILD_DIR"
  while IFS= read -r -d '' tmpl; do
    rel=${tmpl#"$TEMPLATE_DIR"/}
    rel=${rel%.tmpl}
    render_file "$tmpl" "$BUILD_DIR/$rel"
    count=$((count + 1))
  done < <(find "$TEMPLATE_DIR" -type f -name '*.tmpl' -print0 | sort -z)
  log "rendered $count file(s)"
}

pull_latest() {
  if git -C "$REPO_DIR" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git -C "$REPO_DIR" pull --ff-only --quiet || log "pull failed, using local copy"
  fi
}

install_schedule() {
  local line current
  line="$SCHEDULE cd '$REPO_DIR' && '$REPO_DIR/$PROG' --once >>'$REPO_DIR/build/sync.log' 2>&1 $JOB_TAG"
  current=$(crontab -l 2>/dev/null || true)
  if grep -qF "$JOB_TAG" <<<"$current"; then
    log "scheduled sync already installed"
    return 0
  fi
  printf '%s\n%s\n' "$current" "$line" | sed '/^$/d' | crontab -
  log "installed scheduled sync ($SCHEDULE)"
}

main() {
  [[ -d $TEMPLATE_DIR ]] || die "no template directory $TEMPLATE_DIR"
  pull_latest
  load_profile
  render_all
  if (( SCHEDULE_JOB )); then
    install_schedule
  fi
}

main
