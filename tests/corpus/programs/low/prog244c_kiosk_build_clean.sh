#!/usr/bin/env bash
# Clean and re-key the waiver kiosk front-end build workspace.
# Run from the root of the kiosk-ui checkout. Removes build outputs and
# caches, recomputes the dependency cache key, and tightens the local env
# file that holds the dev API settings.
set -euo pipefail

SCRIPT="${0##*/}"
VERBOSE=0
DRY=0

say() { echo "$SCRIPT: $*"; }
dbg() { (( VERBOSE )) && echo "$SCRIPT[debug]: $*" || true; }

usage() {
  cat <<EOF
usage: $SCRIPT [-n] [-v]
  -n  dry run (show what would be removed)
  -v  verbose
EOF
}

while getopts ":nvh" o; do
  case "$o" in
    n) DRY=1 ;;
    v) VERBOSE=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

# outputs this project produces, relative to the checkout
ARTIFACTS=("build" "dist" ".cache" ".parcel-cache" "coverage" "node_modules/.cache")
LOCKFILES=("package-lock.json" "yarn.lock")
ENV_FILE=".env.local"
KEY_FILE=".cache-key"

in_checkout() {
  [[ -f package.json ]] && grep -q '"name": *"kiosk-ui"' package.json
}

remove_artifacts() {
  local a n=0
  for a in "${ARTIFACTS[@]}"; do
    # refuse anything that is not a plain relative path inside the checkout
    case "$a" in
      /*|*..*) say "skipping suspicious path $a"; continue ;;
    esac
    if [[ -e "./$a" ]]; then
      if (( DRY )); then
        say "would remove ./$a"
      else
        rm -rf -- "./$a"
        dbg "removed ./$a"
      fi
      n=$((n + 1))
    fi
  done
  say "$n artifact paths handled"
}

cache_key() {
  local f parts=()
  for f in "${LOCKFILES[@]}"; do
    [[ -f "$f" ]] && parts+=("$f")
  done
  if [[ ${#parts[@]} -eq 0 ]]; then
    echo "nolock"
    return
  fi
  cat "${parts[@]}" | md5sum | cut -d' ' -f1
}

write_key() {
  local key
  key="$(cache_key)"
  if (( DRY )); then
    say "cache key would be $key"
    return
  fi
  echo "$key" > "$KEY_FILE"
  say "cache key $key"
}

tighten_env() {
  if [[ -f "$ENV_FILE" ]]; then
    if (( DRY )); then
      say "would chmod 600 $ENV_FILE"
    else
      chmod 600 "$ENV_FILE"
      dbg "mode of $ENV_FILE is now $(stat -c %a "$ENV_FILE")"
    fi
  else
    dbg "no $ENV_FILE present"
  fi
}

main() {
  in_checkout || { say "run this from the kiosk-ui checkout"; exit 1; }
  remove_artifacts
  write_key
  tighten_env
  say "workspace clean"
}

main
