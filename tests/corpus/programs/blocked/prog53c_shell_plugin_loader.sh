#!/usr/bin/env bash
# plugin-loader.sh - tiny plugin manager for the team's shell environment.
# Reads plugins.list, makes sure every plugin's init script is present in
# the local cache (downloading it from the plugin index when needed), then
# loads them in order so the helpers are available in this shell session.
set -uo pipefail

PROG=${BASH_SOURCE[0]##*/}
INDEX_URL=${PLUGIN_INDEX:-https://raw.shellkit-plugins.dev/index}
LIST_FILE=${PLUGIN_LIST:-./plugins.list}
CACHE_DIR=${PLUGIN_CACHE:-./.plugin-cache}
QUEUE_FILE=$CACHE_DIR/load-order
MAX_AGE_DAYS=7

_plog() { printf '%s: %s\n' "$PROG" "$*" >&2; }

_stale() {
  local file=$1
  [[ ! -s $file ]] && return 0
  [[ -n $(find "$file" -mtime +"$MAX_AGE_DAYS" 2>/dev/null) ]]
}

_fetch_plugin() {
  local name=$1 ref=$2 dest="$CACHE_DIR/$1/init.sh"
  if ! _stale "$dest"; then
    return 0
  fi
  mkdir -p "$CACHE_DIR/$name"
  if curl -fsSL --max-time 20 -o "$dest.new" "$INDEX_URL/$name/$ref/init.sh"; then
    mv "$dest.new" "$dest"
    _plog "updated $name@$ref"
  else
    rm -f "$dest.new"
    _plog "could not update $name, using cached copy if any"
  fi
  [[ -s $dest ]]
}

_build_queue() {
  local name ref
  : > "$QUEUE_FILE"
  while read -r name ref; do
    [[ -z $name || $name == \#* ]] && continue
    ref=${ref:-main}
    if _fetch_plugin "$name" "$ref"; then
      printf '%s\n' "$CACHE_DIR/$name/init.sh" >> "$QUEUE_FILE"
    fi
  done < "$LIST_FILE"
}

_load_queue() {
  local script loaded=0
  while IFS= read -r script; do
    [[ -f $script ]] || continue
    # shellcheck disable=SC1090
    if source "$script"; then
      loaded=$((loaded + 1))
    else
      _plog "plugin failed to load: $script"
    fi
  done < "$QUEUE_FILE"
  _plog "$loaded plugin(s) loaded"
}

plugin_main() {
  if [[ ! -r $LIST_FILE ]]; then
    _plog "no $LIST_FILE, nothing to load"
    return 0
  fi
  mkdir -p "$CACHE_DIR"
  _build_queue
  _load_queue
}

case ${1:-load} in
  load)    plugin_main ;;
  list)    cat "$QUEUE_FILE" 2>/dev/null ;;
  purge)   rm -rf "$CACHE_DIR"; _plog "cache cleared" ;;
  *)       _plog "usage: source $PROG [load|list|purge]" ;;
esac
