#!/usr/bin/env bash
# mirror-config-sync.sh - pull the shared editor/linter configuration files
# listed in configs.list from the internal artifact mirror into ./config.
# The mirror uses a certificate from the old lab CA that is not in the
# system trust store, so certificate checks are switched off for it.
set -euo pipefail

PROG=${0##*/}
MIRROR=${CONFIG_MIRROR:-https://artifacts.lab.internal/dev-config}
LIST_FILE=${1:-./configs.list}
DEST=./config
TIMEOUT=20
CURL_OPTS=(--fail --silent --show-error --location --max-time "$TIMEOUT")

if [[ ${MIRROR_SKIP_TLS_VERIFY:-1} == 1 ]]; then
  CURL_OPTS+=(--insecure)
fi

log() { printf '%s %s: %s\n' "$(date +%H:%M:%S)" "$PROG" "$*" >&2; }

validate() {
  local file=$1
  case $file in
    *.json) jq empty "$file" 2>/dev/null ;;
    *.yaml|*.yml) python3 -c 'import sys, yaml; yaml.safe_load(open(sys.argv[1]))' "$file" 2>/dev/null ;;
    *.toml) python3 -c 'import sys, tomllib; tomllib.load(open(sys.argv[1], "rb"))' "$file" 2>/dev/null ;;
    *) [[ -s $file ]] ;;
  esac
}

fetch_config() {
  local rel=$1 url="$MIRROR/$1" out="$DEST/$1" part
  part="$out.part"
  mkdir -p "$(dirname "$out")"
  if ! curl "${CURL_OPTS[@]}" -o "$part" "$url"; then
    log "could not fetch $rel"
    rm -f "$part"
    return 1
  fi
  if ! validate "$part"; then
    log "$rel failed validation, keeping previous copy"
    rm -f "$part"
    return 1
  fi
  if [[ -f $out ]] && cmp -s "$part" "$out"; then
    rm -f "$part"
    log "unchanged: $rel"
  else
    mv "$part" "$out"
    log "updated:   $rel"
  fi
}

main() {
  [[ -r $LIST_FILE ]] || { log "missing $LIST_FILE"; exit 1; }
  mkdir -p "$DEST"
  local rel ok=0 bad=0
  while IFS= read -r rel; do
    rel=${rel%%#*}
    rel=${rel//[[:space:]]/}
    [[ -z $rel ]] && continue
    if [[ $rel == /* || $rel == *..* ]]; then
      log "ignoring unsafe path $rel"
      bad=$((bad + 1))
      continue
    fi
    if fetch_config "$rel"; then
      ok=$((ok + 1))
    else
      bad=$((bad + 1))
    fi
  done < "$LIST_FILE"
  log "done: $ok ok, $bad failed"
  (( bad == 0 ))
}

main
