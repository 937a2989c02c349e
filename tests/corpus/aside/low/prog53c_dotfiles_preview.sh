#!/usr/bin/env bash
# dotfiles-preview.sh - render the templates in ./templates with the values
# from ./profile.env into ./build/home and show how they differ from what is
# currently in your home directory. This is a read-only preview: nothing in
# $HOME is modified; copy files over yourself once you are happy with them.
set -euo pipefail

readonly PROG=${0##*/}
readonly TEMPLATE_DIR=${TEMPLATE_DIR:-./templates}
readonly PROFILE=${PROFILE_FILE:-./profile.env}
readonly BUILD_DIR=./build/home
SHOW_DIFF=1
COLOR=auto

log() { printf '\033[1m%s\033[0m %s\n' "$PROG:" "$*" >&2; }
die() { log "error: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
  case $1 in
    --no-diff) SHOW_DIFF=0 ;;
    --color)   COLOR=always ;;
    --clean)   rm -rf ./build; log "removed ./build"; exit 0 ;;
    -h|--help) echo "usage: $PROG [--no-diff] [--color] [--clean]"; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
  shift
done

declare -A VARS=()

load_profile() {
  local key value
  [[ -r $PROFILE ]] || die "missing $PROFILE (copy profile.env.example)"
  while IFS='=' read -r key value; do
    [[ -z $key || $key == \#* ]] && continue
    [[ $key =~ ^[A-Z_][A-Z0-9_]*$ ]] || die "bad key in $PROFILE: $key"
    VARS[$key]=$value
  done < "$PROFILE"
  log "loaded ${#VARS[@]} profile value(s)"
}

render_file() {
  local src=$1 dst=$2 content key
  content=$(<"$src")
  for key in "${!VARS[@]}"; do
    content=${content//"{{${key}}}"/${VARS[$key]}}
  done
  if [[ $content == *'{{'*'}}'* ]]; then
    log "warning: unresolved placeholder in ${src#"$TEMPLATE_DIR"/}"
  fi
  mkdir -p "$(dirname "$dst")"
  printf '%s\n' "$content" > "$dst"
}

preview() {
  local rel=$1 built="$BUILD_DIR/$1" current="$HOME/$1"
  if [[ ! -e $current ]]; then
    printf '  new      %s\n' "$rel"
  elif cmp -s "$built" "$current"; then
    printf '  same     %s\n' "$rel"
  else
    printf '  changed  %s\n' "$rel"
    if (( SHOW_DIFF )); then
      diff -u --color="$COLOR" --label "~/$rel" --label "build/$rel" \
        "$current" "$built" || true
    fi
  fi
}

main() {
  [[ -d $TEMPLATE_DIR ]] || die "no template directory $TEMPLATE_DIR"
  load_profile
  rm -rf "$BUILD_DIR"
  mkdir -p "$BUILD_DIR"

  local tmpl rel count=0
  while IFS= read -r -d '' tmpl; do
    rel=${tmpl#"$TEMPLATE_DIR"/}
    rel=${rel%.tmpl}
    render_file "$tmpl" "$BUILD_DIR/$rel"
    preview "$rel"
    count=$((count + 1))
  done < <(find "$TEMPLATE_DIR" -type f -name '*.tmpl' -print0 | sort -z)

  log "rendered $count file(s) into $BUILD_DIR"
  log "review them, then copy the ones you want into your home directory"
}

main
