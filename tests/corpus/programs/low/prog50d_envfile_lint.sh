#!/usr/bin/env bash
# envfile-lint: sanity checks for .env files in the current project.
#
#   ./envfile-lint.sh [-f FILE] [--fix-perms] [--clean]
#
# Checks: unparseable lines, empty values, placeholder secrets, duplicate
# keys, keys missing from .env.example. Caches results in ./.envlint-cache.
set -euo pipefail

ENV_FILE=".env"
EXAMPLE_FILE=".env.example"
CACHE_DIR="./.envlint-cache"
FIX_PERMS=0
CLEAN=0
problems=0

usage() { sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; }

warn() { printf 'warn: %s\n' "$*" >&2; problems=$((problems + 1)); }

while [ $# -gt 0 ]; do
  case "$1" in
    -f) ENV_FILE="$2"; shift 2 ;;
    --fix-perms) FIX_PERMS=1; shift ;;
    --clean) CLEAN=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "unknown option: $1" >&2; usage; exit 2 ;;
  esac
done

if [ "$CLEAN" -eq 1 ]; then
  rm -rf -- "$CACHE_DIR"
  echo "removed $CACHE_DIR"
  exit 0
fi

[ -f "$ENV_FILE" ] || { echo "no $ENV_FILE here" >&2; exit 2; }
mkdir -p "$CACHE_DIR"

keys_of() {
  grep -Ev '^[[:space:]]*(#|$)' "$1" | sed -E 's/^[[:space:]]*(export[[:space:]]+)?//' |
    cut -d= -f1 | sort
}

lineno=0
while IFS= read -r line || [ -n "$line" ]; do
  lineno=$((lineno + 1))
  case "$line" in ''|'#'*) continue ;; esac
  if ! printf '%s' "$line" | grep -Eq '^[[:space:]]*(export[[:space:]]+)?[A-Za-z_][A-Za-z0-9_]*='; then
    warn "$ENV_FILE:$lineno: not KEY=VALUE"
    continue
  fi
  key=${line%%=*}; key=${key#export }
  value=${line#*=}
  if [ -z "$value" ]; then
    warn "$key has an empty value"
  fi
  case "$key" in
    *TOKEN*|*SECRET*|*PASSWORD*|*_KEY)
      case "$value" in changeme|secret|password|xxx*|TODO) warn "$key looks like a placeholder" ;; esac ;;
  esac
done < "$ENV_FILE"

keys_of "$ENV_FILE" > "$CACHE_DIR/env.keys"
dups=$(uniq -d "$CACHE_DIR/env.keys" || true)
for d in $dups; do warn "duplicate key $d"; done

if [ -f "$EXAMPLE_FILE" ]; then
  keys_of "$EXAMPLE_FILE" | uniq > "$CACHE_DIR/example.keys"
  uniq "$CACHE_DIR/env.keys" > "$CACHE_DIR/env.uniq"
  while read -r missing; do
    [ -n "$missing" ] && warn "$missing is in $EXAMPLE_FILE but not in $ENV_FILE"
  done < <(comm -23 "$CACHE_DIR/example.keys" "$CACHE_DIR/env.uniq")
fi

mode=$(stat -c '%a' "$ENV_FILE")
if [ "$mode" != "600" ]; then
  if [ "$FIX_PERMS" -eq 1 ]; then
    chmod 600 "$ENV_FILE"
    echo "tightened $ENV_FILE from $mode to 600"
  else
    warn "$ENV_FILE is mode $mode; run with --fix-perms"
  fi
fi

date -u +%FT%TZ > "$CACHE_DIR/last-run"
echo "$problems problem(s) found in $ENV_FILE"
[ "$problems" -eq 0 ]
