#!/usr/bin/env bash
# lint-shell: run shellcheck and shfmt over every shell script in the repo.
#   lint-shell [--fix] [--severity style|info|warning|error] [paths...]
set -euo pipefail

FIX=0
SEVERITY="warning"
EXCLUDES=(.git node_modules vendor build dist .venv)
declare -a TARGETS=()
declare -a FAILED=()

if [[ -t 1 && -z "${NO_COLOR:-}" ]]; then
  RED=$'\033[31m'; GREEN=$'\033[32m'; DIM=$'\033[2m'; RESET=$'\033[0m'
else
  RED=""; GREEN=""; DIM=""; RESET=""
fi
pass() { printf '%s✓%s %s\n' "$GREEN" "$RESET" "$1"; }
flag() { printf '%s✗%s %s\n' "$RED" "$RESET" "$1"; }
note() { printf '%s%s%s\n' "$DIM" "$*" "$RESET"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --fix) FIX=1 ;;
    --severity) SEVERITY="$2"; shift ;;
    --severity=*) SEVERITY="${1#*=}" ;;
    -h|--help) sed -n '2,3p' "$0"; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) TARGETS+=("$1") ;;
  esac
  shift
done
(( ${#TARGETS[@]} )) || TARGETS=(.)

for tool in shellcheck shfmt; do
  command -v "$tool" >/dev/null || { echo "$tool not installed" >&2; exit 2; }
done

find_scripts() {
  local -a prune=()
  local e
  for e in "${EXCLUDES[@]}"; do
    prune+=(-name "$e" -o)
  done
  unset 'prune[${#prune[@]}-1]'
  find "${TARGETS[@]}" \( -type d \( "${prune[@]}" \) -prune \) -o -type f -print0 |
    while IFS= read -r -d '' f; do
      case "$f" in
        *.sh|*.bash) printf '%s\0' "$f" ;;
        *)
          # extensionless files with a shell shebang
          if [[ "$(head -c 64 "$f" 2>/dev/null)" =~ ^\#!.*(ba)?sh ]]; then
            printf '%s\0' "$f"
          fi ;;
      esac
    done
}

check_one() {
  local f="$1" ok=1
  if ! shellcheck --severity="$SEVERITY" --external-sources --format=gcc "$f"; then
    ok=0
  fi
  if (( FIX )); then
    shfmt -i 2 -ci -bn -w "$f"
  elif ! shfmt -i 2 -ci -bn -d "$f" >/dev/null; then
    note "  $f: formatting differs (run with --fix)"
    ok=0
  fi
  (( ok ))
}

count=0
while IFS= read -r -d '' script; do
  count=$((count + 1))
  if check_one "$script"; then
    pass "$script"
  else
    flag "$script"
    FAILED+=("$script")
  fi
done < <(find_scripts | sort -z)

echo
note "checked $count script(s), severity >= $SEVERITY"
if (( ${#FAILED[@]} )); then
  printf '%s%d file(s) need attention:%s\n' "$RED" "${#FAILED[@]}" "$RESET"
  printf '  %s\n' "${FAILED[@]}"
  exit 1
fi
printf '%sall clean%s\n' "$GREEN" "$RESET"
